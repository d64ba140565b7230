#!/usr/bin/env python3
"""sfbaseline.py ENGINE NODES < GAMES.txt — the time stockfish itself needs to
search every position of some games at a fixed node count: each input line is
a game's moves in UCI notation (pgn-extract -Wuci --notags --noresults -w
100000 FILE.pgn); for every prefix it sends `position startpos moves …` and
`go nodes NODES` and waits for bestmove, as touchmove analyze does."""
import resource
import subprocess
import sys
import time

engine, nodes = sys.argv[1], int(sys.argv[2])
sf = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(s):
    sf.stdin.write(s + "\n")
    sf.stdin.flush()


def wait(prefix):
    for line in sf.stdout:
        if line.startswith(prefix):
            return


start = time.monotonic()
send("uci")
wait("uciok")
send("setoption name Threads value 1")
positions = 0
for line in sys.stdin:
    moves = line.split()
    send("ucinewgame")
    for i in range(len(moves) + 1):
        send("isready")
        wait("readyok")
        send("position startpos" + (" moves " + " ".join(moves[:i]) if i else ""))
        send(f"go nodes {nodes}")
        wait("bestmove")
        positions += 1
send("quit")
sf.wait()
cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{positions} positions in {time.monotonic() - start:.2f}s, stockfish CPU {cpu.ru_utime + cpu.ru_stime:.2f}s")
