"""Knight Moves Grid (CSES 3217): one breadth-first search from the top-left corner, layer by
layer, fills in every square's distance. The grid is one flat list with a margin of two
blocked squares on every side, so that a jump needs no bounds test."""
import sys

BLOCKED = -2


def main():
    n = int(sys.stdin.read())
    width = n + 4
    distance = [BLOCKED] * (width * (n + 4))
    for row in range(n):
        start = (row + 2) * width + 2
        distance[start:start + n] = [-1] * n
    jumps = [dr * width + dc for dr, dc in
             ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))]
    corner = 2 * width + 2
    distance[corner] = 0
    layer = [corner]
    steps = 0
    while layer:
        steps += 1
        following = []
        append = following.append
        for square in layer:
            for jump in jumps:
                step = square + jump
                if distance[step] == -1:
                    distance[step] = steps
                    append(step)
        layer = following
    lines = []
    for row in range(n):
        start = (row + 2) * width + 2
        lines.append(" ".join(map(str, distance[start:start + n])))
    sys.stdout.write("\n".join(lines) + "\n")


main()
