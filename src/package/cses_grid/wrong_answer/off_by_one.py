"""Knight Moves Grid (CSES 3217) with an off-by-one edge: the search tests `<= n` where `< n`
is meant, so it takes the board for (n+1)x(n+1) and a route may pass through a row or column
past the far edges (only the first n rows of n numbers are printed). Only n = 4 shows it (on
bigger boards a shortest route from the corner never needs the extra row or column): there the
corners 0 3 and 3 0 take 5 moves, and this prints 3, through row or column 4. The package's
secret data must hold n = 4 for this to be rejected."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def main():
    n = int(sys.stdin.read())
    distance = [[-1] * (n + 1) for _ in range(n + 1)]
    distance[0][0] = 0
    queue = deque([(0, 0)])
    while queue:
        r, c = queue.popleft()
        for dr, dc in JUMPS:
            u, v = r + dr, c + dc
            # The bug: <= n where < n is meant.
            if 0 <= u <= n and 0 <= v <= n and distance[u][v] < 0:
                distance[u][v] = distance[r][c] + 1
                queue.append((u, v))
    rows = (distance[r][:n] for r in range(n))
    sys.stdout.write("".join(" ".join(map(str, row)) + "\n" for row in rows))


main()
