"""What both scorecards share: the sources a command line names and the
closing line (counts, precision and recall)."""
import os


def cuda_sources(paths):
    """The .cu files named, with every .cu file under each named directory
    (sorted, recursively), each once."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".cu")]
        else:
            out.append(p)
    return list(dict.fromkeys(out))


def score_line(label, tp, fp, fn, **counts):
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    extra = "".join(f"{k}={v} " for k, v in counts.items())
    return f"{label}: {extra}tp={tp} fp={fp} fn={fn} precision={p:.3f} recall={r:.3f}"
