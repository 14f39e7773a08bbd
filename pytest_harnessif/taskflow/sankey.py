"""Task-flow (Sankey-style) diagrams by message position (taskflow spec 3): the first five user messages, all 16
labels unfiltered. One layout is computed and drawn twice: to PNG with matplotlib (Agg, headless) and to SVG.

Column i stacks the labels of the i-th message (share of all sessions, so columns shrink as sessions end); a band
joins label a at message i to label b at message i+1, its width the share of sessions that made that step.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from itertools import pairwise
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import PathPatch, Rectangle
from matplotlib.path import Path as MplPath

from ..files import atomic_write
from ..schema import Intent
from .intents import LABELS

COLORS: dict[Intent, str] = {
    Intent.tests: "#2ca02c", Intent.bug_fix: "#d62728", Intent.new_feature: "#1f77b4",
    Intent.generate_docs: "#bcbd22", Intent.refactor: "#9467bd", Intent.transformation: "#c5b0d5",
    Intent.debug: "#ff9896", Intent.planning: "#ff7f0e", Intent.explain: "#17becf", Intent.question: "#9edae5",
    Intent.meta_question: "#7f7f7f", Intent.code_review: "#8c564b", Intent.execute: "#e377c2",
    Intent.data_analysis: "#98df8a", Intent.greeting: "#c7c7c7", Intent.other: "#a5a5a5",
}
WIDTH, HEIGHT, NODE_W, PAD, TOP = 640.0, 420.0, 14.0, 4.0, 24.0


@dataclass(frozen=True)
class PositionFlow:
    """Label counts at each of the first `positions` messages, and step counts between neighbouring positions."""

    name: str
    sessions: int
    nodes: list[Counter[Intent]]
    links: list[Counter[tuple[Intent, Intent]]]

    @classmethod
    def of(cls, name: str, sequences: Sequence[Sequence[Intent]], positions: int = 5) -> PositionFlow:
        nodes = [Counter(s[i] for s in sequences if len(s) > i) for i in range(positions)]
        links = [Counter((s[i], s[i + 1]) for s in sequences if len(s) > i + 1) for i in range(positions - 1)]
        return cls(name, len(sequences), nodes, links)


@dataclass(frozen=True)
class Node:
    """One label's box in one column (canvas units, y downwards)."""

    label: Intent
    count: int
    x: float
    y: float
    h: float


@dataclass(frozen=True)
class Band:
    """The sessions stepping from `source` to `target`: leaves at (x0, y0), arrives at (x1, y1), thickness t."""

    source: Intent
    target: Intent
    count: int
    x0: float
    y0: float
    x1: float
    y1: float
    t: float

    def outline(self) -> list[tuple[float, float]]:
        """Cubic Bézier outline: top edge forward, bottom edge back (control points at mid-x)."""
        mid = (self.x0 + self.x1) / 2
        return [(self.x0, self.y0), (mid, self.y0), (mid, self.y1), (self.x1, self.y1), (self.x1, self.y1 + self.t),
                (mid, self.y1 + self.t), (mid, self.y0 + self.t), (self.x0, self.y0 + self.t)]


@dataclass(frozen=True)
class Layout:
    """Placed nodes (per column) and bands of one flow."""

    flow: PositionFlow
    nodes: list[list[Node]]
    bands: list[Band]


def column_x(i: int, columns: int) -> float:
    """Left edge of column i of `columns`."""
    return i * (WIDTH - NODE_W) / max(columns - 1, 1)


def layout(flow: PositionFlow) -> Layout:
    """Place nodes (stacked in label order, heights proportional to session share) and the bands between them."""
    columns = len(flow.nodes)
    most = max((len(col) for col in flow.nodes), default=1)
    scale = (HEIGHT - TOP - PAD * (most - 1)) / max(flow.sessions, 1)
    nodes: list[list[Node]] = []
    for i, counts in enumerate(flow.nodes):
        y, column = TOP, []
        for label in LABELS:
            if counts[label]:
                column.append(Node(label, counts[label], column_x(i, columns), y, counts[label] * scale))
                y += counts[label] * scale + PAD
        nodes.append(column)
    bands = []
    for i, (left, right) in enumerate(pairwise(nodes)):
        out_y = {n.label: n.y for n in left}
        in_y = {n.label: n.y for n in right}
        pairs = flow.links[i]
        # sorted by (source, target): each source's bands leave in target order and each target's arrive in
        # source order, so neither end crosses itself
        for a, b in sorted(pairs, key=lambda p: (LABELS.index(p[0]), LABELS.index(p[1]))):
            t = pairs[a, b] * scale
            bands.append(Band(a, b, pairs[a, b], column_x(i, columns) + NODE_W, out_y[a], column_x(i + 1, columns),
                              in_y[b], t))
            out_y[a] += t
            in_y[b] += t
    return Layout(flow, nodes, bands)


def _share(count: int, flow: PositionFlow) -> str:
    return f"{100.0 * count / max(flow.sessions, 1):.1f}%"


def _draw(ax: Axes, lay: Layout) -> None:
    codes = [MplPath.MOVETO, MplPath.CURVE4, MplPath.CURVE4, MplPath.CURVE4, MplPath.LINETO, MplPath.CURVE4,
             MplPath.CURVE4, MplPath.CURVE4, MplPath.CLOSEPOLY]
    for band in lay.bands:
        outline = band.outline()
        ax.add_patch(PathPatch(MplPath([*outline, outline[0]], codes), facecolor=COLORS[band.source], alpha=0.35,
                               linewidth=0))
    for i, column in enumerate(lay.nodes):
        ax.text(column_x(i, len(lay.nodes)) + NODE_W / 2, TOP / 2, f"msg {i + 1}", ha="center", va="center",
                fontsize=8)
        for node in column:
            ax.add_patch(Rectangle((node.x, node.y), NODE_W, node.h, facecolor=COLORS[node.label], linewidth=0))
            if node.h >= 9:
                ax.text(node.x + NODE_W + 2, node.y + node.h / 2, f"{node.label.value} {_share(node.count, lay.flow)}",
                        va="center", fontsize=6)
    ax.set_xlim(-2, WIDTH + 90)
    ax.set_ylim(HEIGHT + 2, 0)
    ax.set_axis_off()
    ax.set_title(f"{lay.flow.name} ({lay.flow.sessions} sessions)", fontsize=10)


def render_png(flows: Sequence[PositionFlow], path: Path) -> None:
    """Draw the flows side by side (e.g. target, benchmark) into one PNG, with a shared legend of all 16 labels."""
    figure = Figure(figsize=(6.5 * len(flows), 5.2), dpi=150)
    FigureCanvasAgg(figure)
    axes = figure.subplots(1, len(flows), squeeze=False)[0]
    for ax, flow in zip(axes, flows, strict=True):
        _draw(ax, layout(flow))
    figure.legend(handles=[Rectangle((0, 0), 1, 1, facecolor=COLORS[label]) for label in LABELS],
                  labels=[label.value for label in LABELS], loc="lower center", ncol=8, fontsize=7, frameon=False)
    figure.subplots_adjust(left=0.02, right=0.98, top=0.92, bottom=0.12, wspace=0.05)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    atomic_write(path, buffer.getvalue())


def render_svg(flow: PositionFlow) -> str:
    """One flow as a standalone SVG element (bands and nodes carry hover titles with counts and shares)."""
    lay = layout(flow)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-16 0 {WIDTH + 106:.0f} {HEIGHT + 4:.0f}" '
             f'role="img" aria-label="{escape(flow.name)} task flow">']
    for band in lay.bands:
        (x0, y0), (c0, _), (c1, _), (x1, y1), (_, y1b), _, _, (_, y0b) = band.outline()
        parts.append(f'<path d="M{x0:.1f},{y0:.1f} C{c0:.1f},{y0:.1f} {c1:.1f},{y1:.1f} {x1:.1f},{y1:.1f} '
                     f'L{x1:.1f},{y1b:.1f} C{c1:.1f},{y1b:.1f} {c0:.1f},{y0b:.1f} {x0:.1f},{y0b:.1f} Z" '
                     f'fill="{COLORS[band.source]}" fill-opacity="0.35"><title>{band.source.value} → '
                     f'{band.target.value}: {band.count} ({_share(band.count, flow)})</title></path>')
    for i, column in enumerate(lay.nodes):
        x = column_x(i, len(lay.nodes)) + NODE_W / 2
        parts.append(f'<text x="{x:.1f}" y="{TOP / 2:.1f}" font-size="11" text-anchor="middle">msg {i + 1}</text>')
        for node in column:
            share = _share(node.count, flow)
            parts.append(f'<rect x="{node.x:.1f}" y="{node.y:.1f}" width="{NODE_W}" height="{node.h:.1f}" '
                         f'fill="{COLORS[node.label]}"><title>message {i + 1}: {node.label.value} {node.count} '
                         f'({share})</title></rect>')
            if node.h >= 9:
                parts.append(f'<text x="{node.x + NODE_W + 2:.1f}" y="{node.y + node.h / 2 + 3:.1f}" font-size="8">'
                             f'{node.label.value} {share}</text>')
    parts.append("</svg>")
    return "".join(parts)
