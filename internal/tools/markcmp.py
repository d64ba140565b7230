#!/usr/bin/env python3
"""markcmp.py REFERENCE.pgn OURS.pgn... — compares the move marks (?! ? ??) of
two annotations of the same games, game by game and move by move on the main
line: lichess's (REFERENCE) and touchmove analyze's (OURS). Prints the share
of the reference's blunders we mark ? or ??, the share of our ?? on moves the
reference left unmarked, and the share of the reference's marks we match."""
import re
import sys

MARK = {"?!": 1, "$6": 1, "?": 2, "$2": 2, "??": 3, "$4": 3}


def games(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    for g in re.split(r"\n\s*\n(?=\[)", text.strip()):
        head, _, moves = g.partition("\n\n")
        site = re.search(r'\[Site "([^"]*)"\]', head)
        if "[Annotator " in head or "[%eval" in moves:  # analysed, not copied
            yield (site.group(1) if site else None), marks(moves)


def marks(movetext):
    out, depth, i = [], 0, 0
    toks = re.findall(r"\{[^}]*\}|\(|\)|\$\d+|[^\s(){}]+", movetext)
    for t in toks:
        if t == "(":
            depth += 1
        elif t == ")":
            depth -= 1
        elif depth or t.startswith("{") or re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t):
            continue
        elif t.startswith("$"):
            if out and t in MARK:
                out[-1] = max(out[-1], MARK[t])
        else:
            t = re.sub(r"^\d+\.+", "", t)
            m = re.search(r"[?!]+$", t)
            out.append(MARK.get(m.group(0), 0) if m else 0)
    return out


def main(ref_path, *our_paths):
    ours = {site: m for path in our_paths for site, m in games(path)}
    blunders = caught = our_bl = our_bl_unmarked = marked = same = 0
    n = 0
    for site, ref in games(ref_path):
        if site not in ours:
            continue
        n += 1
        for r, o in zip(ref, ours[site]):
            if r == 3:
                blunders += 1
                caught += o >= 2
            if o == 3:
                our_bl += 1
                our_bl_unmarked += r == 0
            if r:
                marked += 1
                same += r == o
    pct = lambda a, b: 100.0 * a / b if b else 0.0
    print(f"games {n}")
    print(f"reference blunders marked ? or ??: {caught}/{blunders} = {pct(caught, blunders):.1f}%")
    print(f"our ?? on moves the reference left unmarked: {our_bl_unmarked}/{our_bl} = {pct(our_bl_unmarked, our_bl):.1f}%")
    print(f"same mark on moves the reference marked: {same}/{marked} = {pct(same, marked):.1f}%")


if __name__ == "__main__":
    main(*sys.argv[1:])
