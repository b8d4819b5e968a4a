"""The closing line of a scorecard: counts, precision and recall."""


def score_line(label, tp, fp, fn, **counts):
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    extra = "".join(f"{k}={v} " for k, v in counts.items())
    return f"{label}: {extra}tp={tp} fp={fp} fn={fn} precision={p:.3f} recall={r:.3f}"
