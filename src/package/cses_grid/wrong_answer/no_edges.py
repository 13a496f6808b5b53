"""Knight Moves Grid (CSES 3217) with the classic bug: the search forgets the board's edges,
so a route may leave the board and come back (a margin only keeps it finite). The square
diagonally next to the corner then takes 2 moves (through a square off the board) where on the
board it takes 4; so does every n, the sample (8) included."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
MARGIN = 4


def main():
    n = int(sys.stdin.read())
    size = n + 2 * MARGIN
    distance = [[-1] * size for _ in range(size)]
    distance[MARGIN][MARGIN] = 0
    queue = deque([(MARGIN, MARGIN)])
    while queue:
        r, c = queue.popleft()
        for dr, dc in JUMPS:
            u, v = r + dr, c + dc
            # The bug: the test is against the margin, not against the board.
            if 0 <= u < size and 0 <= v < size and distance[u][v] < 0:
                distance[u][v] = distance[r][c] + 1
                queue.append((u, v))
    rows = (distance[MARGIN + r][MARGIN:MARGIN + n] for r in range(n))
    sys.stdout.write("".join(" ".join(map(str, row)) + "\n" for row in rows))


main()
