"""Knight Moves Grid (CSES 3217) with the classic bug of searching depth first: the squares to
visit are kept on a stack (last in, first out) instead of a queue, and each square keeps the
first distance it is given, which is the length of SOME route, not always of the shortest.
Every n from 4 up, the sample (8) included, gets squares with too many moves."""
import sys

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def main():
    n = int(sys.stdin.read())
    distance = [[-1] * n for _ in range(n)]
    distance[0][0] = 0
    stack = [(0, 0)]
    while stack:
        r, c = stack.pop()  # The bug: pop() takes the newest square; a queue takes the oldest.
        for dr, dc in JUMPS:
            u, v = r + dr, c + dc
            if 0 <= u < n and 0 <= v < n and distance[u][v] < 0:
                distance[u][v] = distance[r][c] + 1
                stack.append((u, v))
    sys.stdout.write("".join(" ".join(map(str, row)) + "\n" for row in distance))


main()
