"""KnightL on a Chessboard (HackerRank) with the classic bug of forgetting the -1: the distances
start at 0 and a separate table marks the squares reached, so a leaper that never reaches
(n-1,n-1) is answered 0 instead of -1. The sample (n = 5) shows it: KnightL(3,3), (3,4),
(4,3) cannot get there."""
import sys
from collections import deque


def moves(n, a, b):
    jumps = {(a, b), (a, -b), (-a, b), (-a, -b), (b, a), (b, -a), (-b, a), (-b, -a)}
    distance = [[0] * n for _ in range(n)]  # The bug: 0, not -1, for "not reached".
    reached = [[False] * n for _ in range(n)]
    reached[0][0] = True
    queue = deque([(0, 0)])
    while queue:
        x, y = queue.popleft()
        for dx, dy in jumps:
            u, v = x + dx, y + dy
            if 0 <= u < n and 0 <= v < n and not reached[u][v]:
                reached[u][v] = True
                distance[u][v] = distance[x][y] + 1
                queue.append((u, v))
    return distance[n - 1][n - 1]


def main():
    n = int(sys.stdin.read())
    rows = (" ".join(str(moves(n, i, j)) for j in range(1, n)) for i in range(1, n))
    sys.stdout.write("".join(row + "\n" for row in rows))


main()
