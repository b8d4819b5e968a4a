// SARIF that code-scanning services take: valid against the OASIS 2.1.0
// schema, artifact URIs percent-encoded (spaces, '#', '%') and relative to
// %SRCROOT%, the compile directory, when the source lies below it, absolute
// file URIs otherwise; the tool's informationUri and the rules' helpUri are
// the reports page beside the plugin.
// REQUIRES: jsonschema
// RUN: rm -rf %t && mkdir -p "%t/src dir #1 100%%" %t/elsewhere
// RUN: cp %s "%t/src dir #1 100%%/k #2 %%41.cu"
// RUN: cd "%t/src dir #1 100%%" && %wrapper --cuda-device-only -O2 -c -o /dev/null "k #2 %%41.cu" -fplugin-arg-sectorscope-sarif=%t/here.sarif 2>/dev/null
// RUN: python3 %S/Inputs/validate-sarif.py %S/Inputs/sarif-schema-2.1.0.json %t/here.sarif | FileCheck %s --check-prefix=VALID
// RUN: FileCheck %s --check-prefix=HERE < %t/here.sarif
// RUN: cd %t && %wrapper --cuda-device-only -O2 -c -o /dev/null "src dir #1 100%%/k #2 %%41.cu" -fplugin-arg-sectorscope-sarif=%t/above.sarif 2>/dev/null
// RUN: python3 %S/Inputs/validate-sarif.py %S/Inputs/sarif-schema-2.1.0.json %t/above.sarif | FileCheck %s --check-prefix=VALID
// RUN: FileCheck %s --check-prefix=ABOVE < %t/above.sarif
// RUN: cd %t/elsewhere && %wrapper --cuda-device-only -O2 -c -o /dev/null "%t/src dir #1 100%%/k #2 %%41.cu" -fplugin-arg-sectorscope-sarif=%t/elsewhere.sarif 2>/dev/null
// RUN: python3 %S/Inputs/validate-sarif.py %S/Inputs/sarif-schema-2.1.0.json %t/elsewhere.sarif | FileCheck %s --check-prefix=VALID
// RUN: FileCheck %s --check-prefix=ELSEWHERE < %t/elsewhere.sarif

__global__ void rows(float *out, const float *m) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  out[row] = m[row * 8] + m[row * 8 + 1];
}

// VALID: strided {{.*}}/src dir #1 100%/k #2 %41.cu:21
// VALID-NEXT: strided {{.*}}/src dir #1 100%/k #2 %41.cu:21
// VALID-NEXT: valid

// HERE: "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
// HERE: "informationUri": "file:///{{.*}}/share/doc/sectorscope/reports.md"
// HERE: "id": "strided"
// HERE: "fullDescription": {
// HERE: "helpUri": "file:///{{.*}}/share/doc/sectorscope/reports.md#sarif-210-compile-time"
// HERE: "originalUriBaseIds": {
// HERE-NEXT: "%SRCROOT%": {
// HERE-NEXT: "uri": "file:///{{.*}}/src%20dir%20%231%20100%25/"
// HERE: "ruleId": "strided"
// HERE: "uri": "k%20%232%20%2541.cu",
// HERE-NEXT: "uriBaseId": "%SRCROOT%"
// HERE: "relatedLocations": [
// HERE: "uri": "k%20%232%20%2541.cu",
// HERE-NEXT: "uriBaseId": "%SRCROOT%"
// HERE: "rank": 88.0,

// ABOVE: "uri": "src%20dir%20%231%20100%25/k%20%232%20%2541.cu",
// ABOVE-NEXT: "uriBaseId": "%SRCROOT%"

// ELSEWHERE-NOT: "uriBaseId"
// ELSEWHERE: "uri": "file:///{{.*}}/src%20dir%20%231%20100%25/k%20%232%20%2541.cu"
// ELSEWHERE-NOT: "uriBaseId"
