"""Small line charts drawn on the server as inline SVG (no JavaScript, no inline styles).

``line_chart`` returns the geometry; ``templates/tournament/_chart.html`` draws
it with CSS classes from site.css, so the page obeys the CSP (style-src 'self').
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT, PAD = 320, 120, 14


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: str  # the polyline's "x,y x,y …"
    dots: tuple[tuple[float, float, str], ...]  # (x, y, label) for each value
    reference_y: float | None  # a dashed line (50 % or 0)
    low: float
    high: float
    label: str


def _scale(value: float, low: float, high: float) -> float:
    span = (high - low) or 1.0
    return round(HEIGHT - PAD - (value - low) / span * (HEIGHT - 2 * PAD), 1)


def line_chart(
    values: list[float | None],
    *,
    labels: list[str] | None = None,
    percent: bool = True,
    label: str = "",
) -> Chart | None:
    """A chart of ``values`` (None = a gap, skipped); percentages run 0–100 with a 50 % line."""
    known = [(i, v) for i, v in enumerate(values) if v is not None]
    if not known:
        return None
    if percent:
        low, high, reference = 0.0, 100.0, 50.0
    else:
        low = min(0.0, *(v for _, v in known))
        high = max(0.0, *(v for _, v in known))
        reference = 0.0
    step = (WIDTH - 2 * PAD) / max(len(values) - 1, 1)
    labels = labels or [str(i + 1) for i in range(len(values))]
    dots = tuple(
        (round(PAD + i * step, 1), _scale(v, low, high), f"{labels[i]}: {v:g}") for i, v in known
    )
    points = " ".join(f"{x},{y}" for x, y, _ in dots)
    return Chart(WIDTH, HEIGHT, points, dots, _scale(reference, low, high), low, high, label)
