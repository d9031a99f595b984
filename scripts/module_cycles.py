#!/usr/bin/env python3
"""Circles among a crate's modules: sibling modules (children of the same parent) of which each
uses the other, directly or through other siblings. A file's uses are the `crate::`, `super::`
and `self::` paths in its code (comments left out), a name the crate root re-exports counting as
a use of the module it comes from; a module's uses are those of its files.

    python3 scripts/module_cycles.py crates/*/src

Prints each circle with the uses that close it; exits 1 if there is any."""
import os, re, sys

def module_files(src):
    """Map module path tuple -> file, for src/lib.rs's tree (mod.rs and name.rs layouts)."""
    files = {}
    for root, _, names in os.walk(src):
        for name in names:
            if not name.endswith('.rs'):
                continue
            rel = os.path.relpath(os.path.join(root, name), src)
            parts = rel[:-3].split(os.sep)
            if parts[-1] in ('mod', 'lib', 'main'):
                parts = parts[:-1]
            files[tuple(parts)] = os.path.join(root, name)
    return files

PATH = re.compile(r'\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)+)')

def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)

def references(mod, path_file, known, reexported):
    """Module paths that `mod`'s file names."""
    text = strip_comments(open(path_file).read())
    # `use super::{a, b}` groups: expand one level.
    refs = set()
    for m in re.finditer(r'\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)*)::\{([^}]*)\}', text):
        for item in m.group(3).split(','):
            item = item.strip().split(' as ')[0].split('::')
            if item and item[0]:
                refs.add((m.group(1), tuple(s for s in m.group(2).split('::') if s) + tuple(item)))
    for m in PATH.finditer(text):
        refs.add((m.group(1), tuple(s for s in m.group(2).split('::') if s)))
    out = set()
    for kind, segs in refs:
        if kind == 'crate':
            base = ()
        elif kind == 'self':
            base = mod
        else:
            n = 0
            while segs and segs[0] == 'super':
                segs = segs[1:]
                n += 1
            base = mod[:len(mod) - 1 - n] if len(mod) > n else ()
        full = base + segs
        if full and full[:1] not in known and full[0] in reexported:
            full = reexported[full[0]] + full[1:]
        # longest prefix that is a module
        while full and full not in known:
            full = full[:-1]
        out.add(full)
    return out

def root_reexports(files):
    """Names the crate root re-exports (`pub use module::{A, B}`), mapped to their module."""
    root = files.get(())
    names = {}
    if root is None:
        return names
    text = strip_comments(open(root).read())
    for m in re.finditer(r'pub use ((?:[a-z_][a-z0-9_]*::)+)(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)\s*;', text, flags=re.S):
        module = tuple(s for s in m.group(1).split('::') if s)
        if module and module[0] in ('crate', 'self'):
            module = module[1:]
        items = m.group(2).strip('{}').split(',')
        for item in items:
            item = item.strip().split(' as ')[-1].strip()
            if item and item != 'self':
                names[item] = module
    return names

def cycles(src):
    files = module_files(src)
    known = set(files)
    reexported = root_reexports(files)
    edges, uses = {}, {}
    for mod, f in files.items():
        for target in references(mod, f, known, reexported):
            # the edge between siblings: the two children of their common parent
            i = 0
            while i < len(mod) and i < len(target) and mod[i] == target[i]:
                i += 1
            if i == len(mod) or i == len(target):
                continue  # ancestor or descendant: a parent and its own child
            a, b = mod[:i + 1], target[:i + 1]
            edges.setdefault(a, set()).add(b)
            uses.setdefault((a, b), set()).add('/'.join(mod) + ' uses ' + '::'.join(target))
    # strongly connected components (Tarjan)
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = counter[0]; counter[0] += 1
        stack.append(v); on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))
    sys.setrecursionlimit(10000)
    for v in list(edges):
        if v not in index:
            visit(v)
    return [(comp, sorted(why for (a, b), whys in uses.items() if a in comp and b in comp for why in whys))
            for comp in comps]

def name(module):
    return '::'.join(module) or 'crate'

found = 0
for src in sys.argv[1:]:
    for comp, why in cycles(src):
        found += 1
        print(f"{src}: {' <-> '.join(map(name, comp))}")
        for line in why:
            print(f"    {line}")
sys.exit(1 if found else 0)
