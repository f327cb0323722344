"""Rewrites the probe matrix, the failure table and the sensitivity ranking in README.md from
Results/ (run after `make results`). Keeps the README's numbers those of the committed results."""
import collections, csv, re, textwrap

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

def sensitivity_ranking():
    """The widget's and the watch's staleness ranking from sensitivity.csv, laid out as `run`
    prints it, and a sentence per metric saying which parameters the intervals separate."""
    rows = [r for r in csv.DictReader(open('Results/sensitivity-widget/sensitivity.csv'))
            if r['metric'] in ('widget.staleness', 'watch.staleness')]
    table = [["metric", "rank", "parameter", "Morris μ* (s)", "95% CI", "overlaps"]]
    for r in rows:
        table.append([r['metric'] if r['rank'] == '1' else "", r['rank'], r['parameter'], r['effect'],
                      f"{r['effect_ci95_low']} – {r['effect_ci95_high']}", r['overlaps'].replace(';', ' ') or "-"])
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in table]
    said = []
    for metric in ('widget.staleness', 'watch.staleness'):
        mine = [r for r in rows if r['metric'] == metric]
        first = mine[0]
        if first['overlaps']:
            said.append(f"For `{metric}`, `{first['parameter']}` ranks first but its interval overlaps "
                        + " and ".join(f"`{p}`'s" for p in first['overlaps'].split(';'))
                        + ": the study does not tell them apart.")
        else:
            said.append(f"For `{metric}`, `{first['parameter']}` ranks first, its interval "
                        f"({first['effect_ci95_low']} – {first['effect_ci95_high']} s) clear of every other's.")
    return "```\n" + "\n".join(lines) + "\n```\n\n" + textwrap.fill(" ".join(said), 89, break_on_hyphens=False) + "\n\n"

readme = open('README.md').read()
readme = re.sub(r"\| probe \| design \|.*?\n\n", probe_matrix() + "\n\n", readme, count=1, flags=re.S)
readme = re.sub(r"\| failure \| what a person notices \|.*?\n\n", failure_table() + "\n\n", readme, count=1, flags=re.S)
readme = re.sub(r"```\nmetric +rank +parameter +Morris μ\* \(s\).*?\n```\n\n.*?\n\n", lambda _: sensitivity_ranking(),
                readme, count=1, flags=re.S)
open('README.md', 'w').write(readme)
