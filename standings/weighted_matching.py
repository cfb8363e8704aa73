"""A maximum weight matching of a graph whose weights are Python integers of
any size, computed exactly and fast enough for the Dutch pairing
(:mod:`standings.matcher`) to ask for one several times per player per round.

This is Edmonds' blossom algorithm in the O(n^3) primal-dual form of Galil
("Efficient Algorithms for Finding Maximum Matching in Graphs", ACM Computing
Surveys, 1986) as Joris van Rantwijk wrote it down and networkx took it over
(``networkx.algorithms.matching.max_weight_matching``, BSD). It exists because
the pairing's weights are integers of several hundred bits (each pairing
criterion a group of binary digits), so no library with machine-sized or
floating weights will do, and networkx's own port, built on graph lookups and
dictionaries, spends most of its time in them. Here every quantity lives in a
flat list indexed by vertex, blossom or edge number; the duals are doubled so
that every delta, including the half-slacks between S-blossoms, stays an exact
integer; nothing recurses, so no depth of blossom nesting reaches Python's
recursion limit; and no verification pass runs at the end.

Vertices are ``0 .. n-1``; an edge ``k`` has endpoints ``2k`` and ``2k+1``
(``endpoint[p]`` the vertex, ``p ^ 1`` the other end), so that a vertex's mate
and a blossom's label can name the edge and its direction in one number.
"""

from __future__ import annotations

from collections.abc import Sequence


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """The mate of each vertex ``0 .. n-1`` (itself when unmatched) in a
    matching of maximum total weight over ``edges``, ``(a, b, weight)`` with
    ``weight`` a non-negative integer. Edges of weight 0 never add weight and
    are left out; the matching is not asked to be of maximum cardinality."""
    mates = list(range(n))
    # Only the vertices that some positive edge touches take part; they are
    # renumbered 0 .. nv-1 so that every list below is as short as it can be.
    index: dict[int, int] = {}
    vertices: list[int] = []
    endpoint: list[int] = []
    doubled: list[int] = []
    for a, b, weight in edges:
        if weight <= 0 or a == b:
            continue
        for x in (a, b):
            if x not in index:
                index[x] = len(vertices)
                vertices.append(x)
        endpoint.append(index[a])
        endpoint.append(index[b])
        doubled.append(2 * weight)
    if not doubled:
        return mates
    mate = _solve(len(vertices), endpoint, doubled)
    for v, p in enumerate(mate):
        if p >= 0:
            mates[vertices[v]] = vertices[endpoint[p]]
    return mates


def _solve(nv: int, endpoint: list[int], doubled: list[int]) -> list[int]:
    """The remote endpoint ``mate[v]`` of each vertex's matched edge (-1 when
    unmatched); ``doubled[k]`` is twice the weight of edge ``k``."""
    nedge = len(doubled)
    nb = 2 * nv
    # neighbend[v]: the remote endpoints of v's edges.
    neighbend: list[list[int]] = [[] for _ in range(nv)]
    for k in range(nedge):
        neighbend[endpoint[2 * k]].append(2 * k + 1)
        neighbend[endpoint[2 * k + 1]].append(2 * k)
    mate = [-1] * nv
    # Per top-level blossom (vertices are the trivial ones, 0 .. nv-1; the
    # others take numbers nv .. 2nv-1): 0 unlabelled, 1 S, 2 T (5 while a
    # path is traced). A vertex inside a T-blossom has label 2 when reached
    # from outside it.
    label = [0] * nb
    # The remote endpoint of the edge through which the blossom got its
    # label (-1 for a root).
    labelend = [-1] * nb
    inblossom = list(range(nv))
    blossomparent = [-1] * nb
    blossomchilds: list[list[int]] = [[] for _ in range(nb)]
    blossombase = list(range(nv)) + [-1] * nv
    # blossomendps[b][i]: the endpoint of the edge from child i to child i+1.
    blossomendps: list[list[int]] = [[] for _ in range(nb)]
    # The least-slack edge to an S-blossom (vertex: from a free or
    # unreached vertex; top-level S-blossom: to another S-blossom).
    bestedge = [-1] * nb
    blossombestedges: list[list[int] | None] = [None] * nb
    unusedblossoms = list(range(nb - 1, nv - 1, -1))
    # Twice the vertex duals, then the blossom duals.
    maxweight = max(doubled) // 2
    dualvar = [maxweight] * nv + [0] * nv
    allowedge = [False] * nedge
    queue: list[int] = []

    def leaves(b: int) -> list[int]:
        if b < nv:
            return [b]
        found: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < nv:
                found.append(t)
            else:
                stack.extend(blossomchilds[t])
        return found

    def assign_label(w: int, t: int, p: int) -> None:
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                if b < nv:
                    queue.append(b)
                else:
                    queue.extend(leaves(b))
                return
            # A T-blossom: its base's mate becomes S.
            p = mate[blossombase[b]]
            w = endpoint[p]
            t = 1
            p ^= 1

    def scan_blossom(v: int, w: int) -> int:
        """The base of the blossom the tight edge v-w closes, or -1 when the
        two S-vertices lie in different trees (an augmenting path)."""
        path: list[int] = []
        base = -1
        while v != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[inblossom[endpoint[labelend[b]]]]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v = endpoint[2 * k]
        w = endpoint[2 * k + 1]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            bv = inblossom[endpoint[labelend[bv]]]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            bw = inblossom[endpoint[labelend[bw]]]
        blossomchilds[b] = path
        blossomendps[b] = endps
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for x in leaves(b):
            if label[inblossom[x]] == 2:
                queue.append(x)
            inblossom[x] = b
        # The least-slack edge from the new blossom to each S-blossom.
        bestedgeto: dict[int, int] = {}
        bestslack: dict[int, int] = {}
        for sub in path:
            known = blossombestedges[sub]
            if known is None:
                candidates = [p >> 1 for x in leaves(sub) for p in neighbend[x]]
            else:
                candidates = known
            for e in candidates:
                i = endpoint[2 * e]
                j = endpoint[2 * e + 1]
                bj = inblossom[j]
                if bj == b:
                    bj = inblossom[i]
                    if bj == b:
                        continue
                if label[bj] == 1:
                    s = dualvar[i] + dualvar[j] - doubled[e]
                    if bj not in bestslack or s < bestslack[bj]:
                        bestedgeto[bj] = e
                        bestslack[bj] = s
            blossombestedges[sub] = None
            bestedge[sub] = -1
        blossombestedges[b] = list(bestedgeto.values())
        best = -1
        bestvalue = 0
        for bj, e in bestedgeto.items():
            if best == -1 or bestslack[bj] < bestvalue:
                best = e
                bestvalue = bestslack[bj]
        bestedge[b] = best

    def expand_blossom(top: int, endstage: bool) -> None:
        stack = [top]
        while stack:
            b = stack.pop()
            for s in blossomchilds[b]:
                blossomparent[s] = -1
                if s < nv:
                    inblossom[s] = s
                elif endstage and dualvar[s] == 0:
                    stack.append(s)
                else:
                    for x in leaves(s):
                        inblossom[x] = s
            if not endstage and label[b] == 2:
                relabel_expanded(b)
            label[b] = labelend[b] = -1
            blossomchilds[b] = []
            blossomendps[b] = []
            blossombase[b] = -1
            blossombestedges[b] = None
            bestedge[b] = -1
            unusedblossoms.append(b)

    def relabel_expanded(b: int) -> None:
        """The T-blossom b expands mid-stage: its children on the even path
        from where it was entered to its base become T and S in turn."""
        childs = blossomchilds[b]
        endps = blossomendps[b]
        entrychild = inblossom[endpoint[labelend[b] ^ 1]]
        j = childs.index(entrychild)
        if j & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        p = labelend[b]
        while j != 0:
            label[endpoint[p ^ 1]] = 0
            label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
            assign_label(endpoint[p ^ 1], 2, p)
            allowedge[endps[j - endptrick] >> 1] = True
            j += jstep
            p = endps[j - endptrick] ^ endptrick
            allowedge[p >> 1] = True
            j += jstep
        bv = childs[j]
        label[endpoint[p ^ 1]] = label[bv] = 2
        labelend[endpoint[p ^ 1]] = labelend[bv] = p
        bestedge[bv] = -1
        j += jstep
        while childs[j] != entrychild:
            bv = childs[j]
            if label[bv] == 1:
                j += jstep
                continue
            reached = -1
            for x in leaves(bv):
                if label[x] != 0:
                    reached = x
                    break
            if reached != -1:
                label[reached] = 0
                label[endpoint[mate[blossombase[bv]]]] = 0
                assign_label(reached, 2, labelend[reached])
            j += jstep

    def augment_blossom(top: int, start: int) -> None:
        """Swap matched and unmatched edges on the even path from start to
        the base of blossom top, which then has start as its base."""
        stack = [(top, start)]
        while stack:
            b, v = stack.pop()
            t = v
            while blossomparent[t] != b:
                t = blossomparent[t]
            if t >= nv:
                stack.append((t, v))
            childs = blossomchilds[b]
            endps = blossomendps[b]
            i = j = childs.index(t)
            if i & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            while j != 0:
                j += jstep
                t = childs[j]
                p = endps[j - endptrick] ^ endptrick
                if t >= nv:
                    stack.append((t, endpoint[p]))
                j += jstep
                t = childs[j]
                if t >= nv:
                    stack.append((t, endpoint[p ^ 1]))
                mate[endpoint[p]] = p ^ 1
                mate[endpoint[p ^ 1]] = p
            blossomchilds[b] = childs[i:] + childs[:i]
            blossomendps[b] = endps[i:] + endps[:i]
            blossombase[b] = v

    def augment_matching(k: int) -> None:
        for s, p in ((endpoint[2 * k], 2 * k + 1), (endpoint[2 * k + 1], 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nv:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                bt = inblossom[endpoint[labelend[bs]]]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nv:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    for _stage in range(nv):
        label[:] = [0] * nb
        bestedge[:] = [-1] * nb
        blossombestedges[nv:] = [None] * nv
        allowedge[:] = [False] * nedge
        queue.clear()
        for v in range(nv):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                bv = inblossom[v]
                dv = dualvar[v]
                for p in neighbend[v]:
                    k = p >> 1
                    w = endpoint[p]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    if not allowedge[k]:
                        kslack = dv + dualvar[w] - doubled[k]
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        if label[bw] == 0:
                            assign_label(w, 2, p ^ 1)
                        elif label[bw] == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                                bv = inblossom[v]
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[bw] == 1:
                        e = bestedge[bv]
                        if e == -1 or kslack < (
                            dualvar[endpoint[2 * e]]
                            + dualvar[endpoint[2 * e + 1]]
                            - doubled[e]
                        ):
                            bestedge[bv] = k
                    elif label[w] == 0:
                        e = bestedge[w]
                        if e == -1 or kslack < (
                            dualvar[endpoint[2 * e]]
                            + dualvar[endpoint[2 * e + 1]]
                            - doubled[e]
                        ):
                            bestedge[w] = k
            if augmented:
                break

            # No augmenting path over the tight edges: move the duals by
            # the least delta that makes a new edge tight, a T-blossom's
            # dual zero, or (delta1) every free vertex's dual zero.
            deltatype = 1
            delta = min(dualvar[:nv])
            deltaedge = -1
            deltablossom = -1
            for v in range(nv):
                e = bestedge[v]
                if e != -1 and label[inblossom[v]] == 0:
                    d = dualvar[endpoint[2 * e]] + dualvar[endpoint[2 * e + 1]] - doubled[e]
                    if d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = e
            for b in range(nb):
                e = bestedge[b]
                if e != -1 and blossomparent[b] == -1 and label[b] == 1:
                    d = (dualvar[endpoint[2 * e]] + dualvar[endpoint[2 * e + 1]] - doubled[e]) >> 1
                    if d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = e
            for b in range(nv, nb):
                if blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2:
                    if dualvar[b] < delta:
                        delta = dualvar[b]
                        deltatype = 4
                        deltablossom = b
            for v in range(nv):
                lb = label[inblossom[v]]
                if lb == 1:
                    dualvar[v] -= delta
                elif lb == 2:
                    dualvar[v] += delta
            for b in range(nv, nb):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            if deltatype == 2:
                allowedge[deltaedge] = True
                i = endpoint[2 * deltaedge]
                if label[inblossom[i]] == 0:
                    i = endpoint[2 * deltaedge + 1]
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                queue.append(endpoint[2 * deltaedge])
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in range(nv, nb):
            if (
                blossomparent[b] == -1
                and blossombase[b] >= 0
                and label[b] == 1
                and dualvar[b] == 0
            ):
                expand_blossom(b, True)
    return mate
