"""`equity summary` on batch outputs: the counts agree with an independent count of the
JSON, the CSV rows give back the JSON values, the HTML page renders in Chromium without
a single request leaving it, and the DDS work is shown when the rulings record it."""

from __future__ import annotations

import csv
import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from equity.app.cli import main
from equity.render.csvrows import FIELDS
from tests.browsers import chromium
from tests.builders import CASES, EXTERNAL, QUICK_ARGS, SEED_FILES


@pytest.fixture(scope="module")
def cases_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("summary") / "cases.jsonl"
    assert main(["batch", *map(str, SEED_FILES), *QUICK_ARGS, "--out", str(out),
                 "--time-limit", "0"]) == 0
    return out


@pytest.fixture(scope="module")
def corpus_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated corpus (real boards, an injected revoke each) plus one bad board."""
    if not EXTERNAL.is_dir():
        pytest.skip("../shared/data absent")
    from benchmarks.corpus import corpus, sources, write
    from tests.builders import BAD_BOARD

    tmp = tmp_path_factory.mktemp("summary-corpus")
    src = tmp / "corpus.pbn"
    write(src, corpus(sources([EXTERNAL / "ben-bbo-daylong"]), 30, seed=7))
    with open(src, "a", encoding="utf-8") as f:
        f.write(BAD_BOARD)
    out = tmp / "corpus.jsonl"
    assert main(["batch", str(src), *QUICK_ARGS, "--out", str(out), "--time-limit", "0"]) == 1
    return out


def objects(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def independent_count(objs: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures the summary must show, counted straight from the JSON fields."""
    ruled = [o for o in objs if "error" not in o and "skipped" not in o]
    revokes = [r for o in ruled for r in o["revokes"]]
    return {
        "lines": len(objs),
        "ruled": len(ruled),
        "in error": sum("error" in o for o in objs),
        "revokes": len(revokes),
        "64A1": sum(1 for r in revokes if not r["corrected"] and r["exemption"] is None
                    and "64A1" in r["laws"] and r["transfer"] > 0),
        "64A2": sum(1 for r in revokes if not r["corrected"] and r["exemption"] is None
                    and "64A2" in r["laws"] and "64A1" not in r["laws"]
                    and r["transfer"] > 0),
        "exemptions": Counter(r["exemption"] for r in revokes
                              if r["exemption"] and not r["corrected"]),
        "corrected": sum(r["corrected"] for r in revokes),
        "revokes with a transfer": sum(r["transfer"] > 0 for r in revokes),
        "tricks transferred": sum(r["transfer"] for r in revokes),
        "64C adjusted score": sum(o["ruling"]["basis"] == "64C" for o in ruled),
        "64A transfer stands": sum(o["ruling"]["basis"] == "64A" for o in ruled),
        "declarer": sum(r["seat"] == o["declarer"] for o in ruled for r in o["revokes"]),
    }


def figures(text: str) -> dict[str, str]:
    """The summary table's rows: label -> figure."""
    out = {}
    for line in text.splitlines():
        m = re.match(r"^(\S.*?)\s{2,}(\S.*)$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def summary(out: Path, capsys: pytest.CaptureFixture[str], *more: str) -> dict[str, str]:
    capsys.readouterr()
    assert main(["summary", str(out), *more]) == 0
    return figures(capsys.readouterr().out)


def check_counts(out: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    want = independent_count(objects(out))
    got = summary(out, capsys)
    for label in ("lines", "ruled", "in error", "revokes", "revokes with a transfer",
                  "tricks transferred", "64C adjusted score", "64A transfer stands",
                  "declarer"):
        assert int(got[label]) == want[label], label
    by_law = {k.split(":")[0]: int(v) for k, v in got.items() if re.match(r"6[24]", k)}
    assert by_law.get("64A1", 0) == want["64A1"]
    assert by_law.get("64A2", 0) == want["64A2"]
    assert by_law.get("62", 0) + by_law.get("62D", 0) == want["corrected"]
    for law, n in want["exemptions"].items():
        assert by_law[law] == n, law
    return got


def test_summary_counts_of_the_seed_cases_agree_with_the_json(
        cases_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    got = check_counts(cases_out, capsys)
    assert int(got["revokes"]) > 50 and int(got["64C adjusted score"]) > 0


def test_summary_counts_of_a_generated_corpus_agree_with_the_json(
        corpus_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    got = check_counts(corpus_out, capsys)
    assert got["in error"] == "1"
    assert got["play record"] == "1"  # the bad board's error, by kind


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@pytest.mark.parametrize("via", ["summary --csv", "batch --format csv"])
def test_csv_rows_give_back_the_json_values(cases_out: Path, tmp_path: Path, via: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rows.csv"
    if via == "summary --csv":
        summary(cases_out, capsys, "--csv", str(path))
    else:
        assert main(["batch", *map(str, SEED_FILES), *QUICK_ARGS, "--out", str(path),
                     "--time-limit", "0", "--format", "csv"]) == 0
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    objs = {o["key"]: o for o in objects(cases_out)}
    assert tuple(rows[0]) == FIELDS and len(rows) == len(objs)
    for row in rows:
        o = objs[row["key"]]
        ruling = o["ruling"]
        for name in ("source", "board", "contract", "declarer", "table_tricks",
                     "after_transfer_tricks"):
            assert row[name] == _cell(o[name]), name
        assert row["revokes"] == "; ".join(f"{r['trick']} {r['seat']} {r['card']}"
                                           for r in o["revokes"])
        assert int(row["transfer"]) == sum(r["transfer"] for r in o["revokes"])
        assert row["basis"] == ruling["basis"]
        assert row["final_tricks"] == _cell(ruling["declarer_tricks"])
        assert row["score_ns"] == _cell(ruling["score_ns"])
        assert row["scorer"] == _cell(ruling.get("scorer"))
        if ruling["weighted"]:
            mean = sum(w["declarer_tricks"] * w["weight"] for w in ruling["weighted"])
            assert float(row["expected_tricks"]) == pytest.approx(mean, abs=1e-6)


def test_rule_format_csv_is_the_batch_row_without_a_key(
        cases_out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = CASES / "001_3nt_east_diamond_discard.pbn"
    capsys.readouterr()
    assert main(["rule", str(case), *QUICK_ARGS, "--format", "csv"]) == 0
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert len(rows) == 1
    o = next(o for o in objects(cases_out) if o["source"].endswith(case.name))
    assert rows[0]["key"] == ""
    assert rows[0]["scorer"] == o["ruling"]["scorer"]
    assert rows[0]["revokes"] == "5 N C2"


def test_dds_work_is_shown_when_the_rulings_record_stats(
        cases_out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The 64C estimate adds ``stats`` to each line (outputs from before it had none)."""
    with_stats = tmp_path / "stats.jsonl"
    objs = objects(cases_out)
    for k, o in enumerate(objs):
        o["stats"] = {"positions": 100 * k, "decisions": k, "layouts": 4 * k,
                      "dds_seconds": 0.5 * k, "seconds": 0.75 * k}
    with_stats.write_text("".join(json.dumps(o) + "\n" for o in objs), encoding="utf-8")
    page = tmp_path / "stats.html"
    got = summary(with_stats, capsys, "--html", str(page))
    n = len(objs)
    assert got["DDS seconds per ruling"].endswith(f"over {n}")
    assert got["positions solved per ruling"].startswith(
        f"mean {sum(100 * k for k in range(n)) / n:.2f}".replace(".00", ""))
    assert "DDS work per ruling: DDS seconds" in page.read_text(encoding="utf-8")
    without = tmp_path / "old.jsonl"
    without.write_text("".join(json.dumps({k: v for k, v in o.items() if k != "stats"}) + "\n"
                               for o in objs), encoding="utf-8")
    assert "DDS seconds per ruling" not in summary(without, capsys)
    assert "DDS seconds per ruling" in summary(cases_out, capsys)  # batch writes them


def test_a_cut_last_line_is_counted_not_fatal(cases_out: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    cut = tmp_path / "cut.jsonl"
    data = cases_out.read_bytes()
    cut.write_bytes(data + data.splitlines(keepends=True)[0][:100])
    got = summary(cut, capsys)
    assert got["unreadable line"] == "1"
    assert int(got["lines"]) == len(objects(cases_out)) + 1


def test_summary_of_a_missing_file_is_one_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["summary", str(tmp_path / "none.jsonl")]) == 1
    err = capsys.readouterr().err
    assert "cannot read" in err and len(err.strip().splitlines()) == 1


def test_summary_page_renders_in_chromium_with_no_request_leaving_it(
        cases_out: Path, tmp_path: Path, shots: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The page is loaded by Debian's Chromium (through playwright); every request it
    makes is recorded: only the page's own file may be asked for. A screenshot is taken
    (``shots``: the README's picture when ``tests/update_docs_images.py`` runs it)."""
    try:
        from playwright import sync_api
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("playwright is not installed")
    path = chromium()
    page_file = tmp_path / "summary.html"
    summary(cases_out, capsys, "--html", str(page_file))
    html = page_file.read_text(encoding="utf-8")
    assert "<script" not in html and "http://" not in html.replace(
        'xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in html
    requests: list[str] = []
    shot = shots / "summary-cases.png"
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_file.as_uri())
            page.wait_for_load_state("networkidle")
            assert page.locator("svg.chart").count() >= 5
            assert page.locator("table").count() >= 8
            page.screenshot(path=str(shot), full_page=True)
        finally:
            browser.close()
    assert requests == [page_file.as_uri()]
    assert shot.stat().st_size > 20_000


def test_error_kinds_read_the_messages_batch_writes() -> None:
    from equity.app.batch import keys
    from equity.render import tally

    assert (tally.OVERRUN, tally.WORKER_STOPPED) == (keys.OVERRUN, keys.WORKER_STOPPED)
    assert tally.error_kind(keys.OVERRUN + "60 s", {}) == "time limit"
    assert tally.error_kind("unknown card 'HQ?x'", {"trick": 5, "card": "HQ"}) == "play record"


@pytest.mark.parametrize("text", ["# a README\n\nSome words.\n", '{"name": "a package"}\n'])
def test_summary_of_a_file_that_is_no_batch_output_is_an_error(
        text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42, 11: it accepted any file and exited 0."""
    f = tmp_path / "notes.jsonl"
    f.write_text(text)
    assert main(["summary", str(f)]) == 1
    out = capsys.readouterr()
    assert "not the output of equity batch" in out.err and len(out.err.splitlines()) == 1
