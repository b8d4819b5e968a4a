//===- SliceFit.cpp - L2 slice map from an ncu slice-probe capture --------===//
#include "SliceFit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace sectorscope::mb {

using nlohmann::json;

DecodedLaunch decodeWeighted(const std::vector<double> &Counts, int K,
                             int Base) {
  DecodedLaunch D;
  D.SlicesOf.assign(size_t(K), {});
  double Sum = 0;
  const long long Limit = (1LL << K);
  for (size_t S = 0; S < Counts.size(); ++S) {
    double Q = Counts[S] / Base;
    long long N = std::llround(Q);
    if (std::fabs(Q - double(N)) > 0.25 || N >= Limit) {
      ++D.BadSlices;
      continue;
    }
    if (N <= 0)
      continue;
    Sum += double(N);
    for (int I = 0; I < K; ++I)
      if (N >> I & 1)
        D.SlicesOf[size_t(I)].push_back(int(S));
  }
  D.Scale = K ? Sum / double(Limit - 1) : 0;
  return D;
}

std::vector<std::string> splitCsvLine(const std::string &Line) {
  std::vector<std::string> F;
  std::string Cur;
  bool Quoted = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quoted) {
      if (C == '"' && I + 1 < Line.size() && Line[I + 1] == '"') {
        Cur += '"';
        ++I;
      } else if (C == '"') {
        Quoted = false;
      } else {
        Cur += C;
      }
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      F.push_back(Cur);
      Cur.clear();
    } else if (C != '\r') {
      Cur += C;
    }
  }
  F.push_back(Cur);
  return F;
}

std::vector<double> parseInstanceValues(const std::string &Field) {
  // Instance lists are ';'-separated; a list may follow the aggregate
  // ("12 (4;8)") or stand alone. Thousands separators are dropped.
  std::string S = Field;
  size_t Open = S.find('('), Close = S.rfind(')');
  if (Open != std::string::npos && Close != std::string::npos && Close > Open)
    S = S.substr(Open + 1, Close - Open - 1);
  std::vector<double> V;
  std::stringstream SS(S);
  std::string Item;
  while (std::getline(SS, Item, ';')) {
    std::string Clean;
    for (char C : Item)
      if (C != ',' && C != ' ')
        Clean += C;
    if (Clean.empty())
      continue;
    char *End = nullptr;
    double D = std::strtod(Clean.c_str(), &End);
    if (End && *End == '\0')
      V.push_back(D);
  }
  return V;
}

bool parseNcuCsv(const std::string &Text, NcuInstances &Out,
                 std::string &Error) {
  std::stringstream SS(Text);
  std::string Line;
  int IdCol = -1, NameCol = -1, ValueCol = -1;
  size_t Rows = 0;
  while (std::getline(SS, Line)) {
    if (Line.empty() || Line[0] != '"')
      continue; // ncu's ==PROF== lines and the program's own output.
    auto F = splitCsvLine(Line);
    if (IdCol < 0) {
      for (size_t I = 0; I < F.size(); ++I) {
        if (F[I] == "ID")
          IdCol = int(I);
        else if (F[I] == "Metric Name")
          NameCol = int(I);
        else if (F[I] == "Metric Value")
          ValueCol = int(I);
      }
      if (IdCol < 0 || NameCol < 0 || ValueCol < 0) {
        IdCol = NameCol = ValueCol = -1; // Not the header; keep looking.
      }
      continue;
    }
    int Need = std::max(IdCol, std::max(NameCol, ValueCol));
    if (int(F.size()) <= Need)
      continue;
    int Id = std::atoi(F[size_t(IdCol)].c_str());
    Out[Id][F[size_t(NameCol)]] = parseInstanceValues(F[size_t(ValueCol)]);
    ++Rows;
  }
  if (!Rows) {
    Error = "no ncu CSV rows with ID, Metric Name and Metric Value";
    return false;
  }
  return true;
}

uint64_t probeFeature(int Page, uint32_t Offset) {
  uint64_t X = Offset & ((uint64_t(1) << PageBits) - 1);
  if (Page > 0)
    X |= uint64_t(1) << (PageBits - 1 + Page);
  return X;
}

std::optional<SliceMapFit> fitSliceMap(const std::vector<ProbeSample> &S,
                                       int HoldOutEvery, uint64_t VarMask,
                                       std::string &Error) {
  std::vector<uint64_t> TrX, TeX;
  std::vector<int> TrY, TeY;
  size_t N = 0;
  for (const ProbeSample &P : S) {
    if (P.Slice < 0)
      continue;
    bool Hold = HoldOutEvery > 0 && (N % size_t(HoldOutEvery)) ==
                                        size_t(HoldOutEvery - 1);
    ++N;
    (Hold ? TeX : TrX).push_back(probeFeature(P.Page, P.Offset));
    (Hold ? TeY : TrY).push_back(P.Slice);
  }
  auto H = fitLinearHash(TrX, TrY, VarMask, Error);
  if (!H)
    return std::nullopt;
  SliceMapFit F;
  F.Hash = *H;
  F.Train = TrX.size();
  F.HeldOut = TeX.size();
  F.TrainAccuracy = accuracy(*H, TrX, TrY);
  F.HeldOutAccuracy = TeX.empty() ? 0.0 : accuracy(*H, TeX, TeY);
  uint64_t Used = 0;
  for (uint64_t M : H->Masks)
    Used |= M;
  Used &= (uint64_t(1) << PageBits) - 1;
  F.LowestBit = Used ? __builtin_ctzll(Used) : -1;
  return F;
}

std::vector<ProbeSample> samplesFromCapture(const json &Manifest,
                                            const NcuInstances &Ncu,
                                            const std::string &Metric,
                                            int SmFilter, json &Diag,
                                            std::string &Error) {
  std::vector<ProbeSample> Out;
  const int Base = Manifest.value("base", 0);
  if (Base <= 0 || !Manifest.contains("launches")) {
    Error = "manifest without base or launches";
    return Out;
  }
  auto Values = [&](int Launch) -> const std::vector<double> * {
    auto It = Ncu.find(Launch);
    if (It == Ncu.end())
      return nullptr;
    auto Mt = It->second.find(Metric);
    return Mt == It->second.end() ? nullptr : &Mt->second;
  };
  // Background: mean over the K = 0 launches.
  std::vector<double> Bg;
  int Baselines = 0;
  for (const json &L : Manifest["launches"]) {
    if (!L["offsets"].empty())
      continue;
    const auto *V = Values(L["launch"].get<int>());
    if (!V)
      continue;
    if (Bg.empty())
      Bg.assign(V->size(), 0.0);
    for (size_t S = 0; S < V->size() && S < Bg.size(); ++S)
      Bg[S] += (*V)[S];
    ++Baselines;
  }
  for (double &B : Bg)
    B /= std::max(Baselines, 1);
  size_t Launches = 0, Missing = 0, Bad = 0, Single = 0, Multi = 0, None = 0;
  std::vector<double> Scales;
  size_t Instances = 0;
  for (const json &L : Manifest["launches"]) {
    const auto &Offs = L["offsets"];
    if (Offs.empty())
      continue;
    int Sm = L["sm"].get<int>();
    if (SmFilter >= 0 && Sm != SmFilter)
      continue;
    const auto *V = Values(L["launch"].get<int>());
    if (!V || (L.contains("ran") && !L["ran"].get<bool>())) {
      ++Missing;
      continue;
    }
    ++Launches;
    Instances = std::max(Instances, V->size());
    std::vector<double> C = *V;
    for (size_t S = 0; S < C.size() && S < Bg.size(); ++S)
      C[S] -= Bg[S];
    DecodedLaunch D = decodeWeighted(C, int(Offs.size()), Base);
    Scales.push_back(D.Scale);
    Bad += size_t(D.BadSlices);
    for (size_t I = 0; I < Offs.size(); ++I) {
      ProbeSample P;
      P.Page = L["page"].get<int>();
      P.Offset = Offs[I].get<uint32_t>();
      P.Sm = Sm;
      P.SliceCount = int(D.SlicesOf[I].size());
      if (P.SliceCount == 1) {
        P.Slice = D.SlicesOf[I][0];
        ++Single;
      } else if (P.SliceCount == 0) {
        ++None;
      } else {
        ++Multi;
      }
      Out.push_back(P);
    }
  }
  std::sort(Scales.begin(), Scales.end());
  Diag = {{"metric", Metric},
          {"sm_filter", SmFilter},
          {"instances", Instances},
          {"baseline_launches", Baselines},
          {"launches", Launches},
          {"launches_missing", Missing},
          {"bad_slice_counts", Bad},
          {"addresses_one_slice", Single},
          {"addresses_no_slice", None},
          {"addresses_several_slices", Multi},
          {"median_scale", Scales.empty() ? 0.0 : Scales[Scales.size() / 2]}};
  if (Out.empty())
    Error = "no probe launch of metric " + Metric + " found in the capture";
  return Out;
}

std::string hex(uint64_t V) {
  char Buf[24];
  std::snprintf(Buf, sizeof(Buf), "0x%llx", (unsigned long long)V);
  return Buf;
}

} // namespace sectorscope::mb
