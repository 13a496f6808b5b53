"""KnightL on a Chessboard (HackerRank): one breadth-first search from (0,0) for each (i,j)
leaper, 1 <= i, j < n, stopping when it reaches (n-1,n-1); -1 where it never does."""
import sys
from collections import deque


def moves(n, a, b):
    jumps = {(a, b), (a, -b), (-a, b), (-a, -b), (b, a), (b, -a), (-b, a), (-b, -a)}
    goal = n * n - 1
    distance = [-1] * (n * n)
    distance[0] = 0
    queue = deque([(0, 0)])
    while queue:
        x, y = queue.popleft()
        here = distance[x * n + y]
        if x * n + y == goal:
            return here
        for dx, dy in jumps:
            u, v = x + dx, y + dy
            if 0 <= u < n and 0 <= v < n and distance[u * n + v] < 0:
                distance[u * n + v] = here + 1
                queue.append((u, v))
    return -1


def main():
    n = int(sys.stdin.read())
    rows = (" ".join(str(moves(n, i, j)) for j in range(1, n)) for i in range(1, n))
    sys.stdout.write("".join(row + "\n" for row in rows))


main()
