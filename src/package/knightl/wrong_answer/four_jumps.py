"""KnightL on a Chessboard (HackerRank) with the classic bug of half the moves: KnightL(i,j)
jumps only (+-i, +-j), never (+-j, +-i), so it is not the same piece as KnightL(j,i), and its
answers are too many moves, or -1, wherever the swapped jumps are needed. The sample (n = 5)
shows it: KnightL(1,3) takes 2 moves, (0,0) to (3,1) to (4,4), and this says -1."""
import sys
from collections import deque


def moves(n, a, b):
    jumps = [(a, b), (a, -b), (-a, b), (-a, -b)]  # The bug: (b, a) and its signs are missing.
    distance = [[-1] * n for _ in range(n)]
    distance[0][0] = 0
    queue = deque([(0, 0)])
    while queue:
        x, y = queue.popleft()
        for dx, dy in jumps:
            u, v = x + dx, y + dy
            if 0 <= u < n and 0 <= v < n and distance[u][v] < 0:
                distance[u][v] = distance[x][y] + 1
                queue.append((u, v))
    return distance[n - 1][n - 1]


def main():
    n = int(sys.stdin.read())
    rows = (" ".join(str(moves(n, i, j)) for j in range(1, n)) for i in range(1, n))
    sys.stdout.write("".join(row + "\n" for row in rows))


main()
