"""Rewrites the probe matrix and the failure table in README.md from Results/ (run after
`make results`). Keeps the README's numbers those of the committed results."""
import collections, csv, re

def probe_matrix():
    rows = list(csv.DictReader(open('Results/probes/probes.csv')))
    groups = collections.OrderedDict()
    for r in rows:
        groups.setdefault((r['probe'], r['design']), []).append(r)
    out = ["| probe | design | the chapter's reading | its share | other readings |", "|---|---|---|---|---|"]
    for (p, d), rs in groups.items():
        pred = [r for r in rs if r['chapter'] == '1'][0]
        others = ", ".join(f"{r['reading']} {float(r['share']) * 100:.0f}%" for r in rs
                           if r['chapter'] == '0' and float(r['share']) > 0) or "–"
        out.append(f"| {p} | `{d}` | {pred['reading']} | {float(pred['share']) * 100:.0f}% | {others} |")
    return "\n".join(out)

def failure_table():
    src = open('Sources/Surfaces/Chapter/ChapterFailures.swift').read() + open('Sources/Surfaces/Chapter/ChapterFailures+Extra.swift').read()
    titles = {m.group(1): m.group(2).replace('\\"', '"') for m in
              re.finditer(r'(?:mode\(|FailureMode\(id: )"([^"]+)",\s*(?:title: )?"((?:[^"\\]|\\.)*)"', src)}
    by = collections.OrderedDict()
    for r in csv.DictReader(open('Results/failures/failures.csv')):
        by.setdefault(r['failure'], {})[r['variant']] = r
    out = ["| failure | what a person notices | causes | avoids | metric | size (causes / avoids) |", "|---|---|---|---|---|---|"]
    for f, v in by.items():
        c, a = v['causes'], v['avoids']
        out.append(f"| {f} | {titles.get(f, '')} | {float(c['share']) * 100:.0f}% | {float(a['share']) * 100:.0f}% | "
                   f"`{c['metric']}` | {float(c['value']):.3g} / {float(a['value']):.3g} |")
    return "\n".join(out)

readme = open('README.md').read()
readme = re.sub(r"\| probe \| design \|.*?\n\n", probe_matrix() + "\n\n", readme, count=1, flags=re.S)
readme = re.sub(r"\| failure \| what a person notices \|.*?\n\n", failure_table() + "\n\n", readme, count=1, flags=re.S)
open('README.md', 'w').write(readme)
