"""The README's quick start and the manual's examples give the rulings their text states
(issue 21: an example that promised ten tricks and ruled eight), and the quick start stays
a quick start (issue 33)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from equity.app.cli import _parser, main
from equity.app.reference import options_reference
from tests.builders import CASES, ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"


def blocks(text: str, kind: str) -> list[str]:
    """The fenced blocks of one kind (``sh``, ``text``) of a Markdown page."""
    return re.findall(rf"```{kind}\n(.*?)```", text, re.S)


def test_the_readme_starts_with_the_two_commands_ci_runs() -> None:
    first = blocks(README, "sh")[0].splitlines()
    assert README.index("```sh") < README.index("\n## ")
    assert first[0] == "pip install . && equity rule --example"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert first[1] in ci, "the README's test command is the one .ci/run runs"
    assert "mkdocs build --strict" in ci


def test_the_readme_is_a_quick_start() -> None:
    assert len(README.splitlines()) <= 250
    for user in ("## The Director", "## The appeals committee", "## The analyst",
                 "## The scorer"):
        assert user in README
    for command in ("equity serve --lan", "--brief", "equity report", "equity batch",
                    "equity summary", "--results-out"):
        assert command in README, command


def test_the_readme_shows_the_rulings_the_example_gives(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert "the Law 64C check restores 3NT making ten" in README
    assert main(["rule", "--example", "--brief"]) == 0
    brief = capsys.readouterr().out.strip()
    assert brief in [b.strip() for b in blocks(README, "text")]
    assert main(["rule", "--example"]) == 0
    text = capsys.readouterr().out
    shown = blocks(README, "text")[0].split("...")[0]
    assert text.startswith(shown)


def test_the_bundled_example_restores_3nt_making_ten(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert main(["rule", "--example", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["revokes"][0]["transfer"] == 1 and got["after_transfer_tricks"] == 7
    assert got["ruling"]["basis"] == "64C" and got["ruling"]["declarer_tricks"] == 10


def test_the_readme_images_are_in_the_tree() -> None:
    for image in re.findall(r"!\[[^]]*\]\(([^)]+)\)", README):
        assert (ROOT / image).is_file(), image


def test_every_option_in_help_appears_in_the_generated_reference() -> None:
    parser = _parser()
    reference = options_reference(parser)
    commands = re.findall(r"^## equity (\w+)$", reference, re.M)
    assert set(commands) == {"rule", "report", "serve", "scan", "batch", "summary", "likely"}
    for command in commands:
        helps = _help(command)
        flags = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", helps)) - {"-h", "--help"}
        assert flags, command
        missing = sorted(f for f in flags if f"`{f}" not in reference)
        assert not missing, (command, missing)


def _help(command: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main([command, "--help"])
    # the options part only: the usage line names them too, and the prose of some helps
    # names other commands' options ("as equity batch --format csv")
    text = out.getvalue()
    return "\n".join(line for line in text.splitlines()
                     if re.match(r"\s{2}-", line))


def test_the_quitted_rows_example_adjusts_to_3nt_making_ten(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = (DOCS / "entering.md").read_text(encoding="utf-8")
    section = page[page.index("## The quitted rows"):]
    rows = blocks(section, "text")[0]
    assert "then adjusts to 3NT by East making ten (64C)" in section
    path = tmp_path / "rows.txt"
    path.write_text(rows, encoding="utf-8")
    deal = CASES / "001_3nt_east_diamond_discard.pbn"
    assert main(["rule", "--deal", str(deal), "--board", "1", "--rows", str(path),
                 "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert [(r["trick"], r["seat"], r["card"], r["established"], r["laws"][-1])
            for r in got["revokes"]] == [(5, "N", "C2", True, "64A2")]
    assert got["ruling"]["basis"] == "64C" and got["ruling"]["declarer_tricks"] == 10


def test_the_readme_commands_name_options_the_commands_take() -> None:
    parser = _parser()
    for block in blocks(README, "sh"):
        for line in block.replace("\\\n", " ").splitlines():
            for command in line.split("&&"):
                words = shlex.split(command.split("#", 1)[0])
                if words[:1] != ["equity"]:
                    continue
                known, unknown = parser.parse_known_args(words[1:])
                assert not unknown and known.command, (command, unknown)


def readme_commands(text: str = README) -> list[list[str]]:
    """The ``equity`` commands of a page's ``sh`` blocks, as words (continuation lines
    joined, comments dropped), but ``equity serve``, which serves until stopped."""
    out = []
    for block in blocks(text, "sh"):
        for line in block.replace("\\\n", " ").splitlines():
            for command in line.split("&&"):
                words = shlex.split(command.split("#", 1)[0])
                if words[:1] == ["equity"] and words[1:2] != ["serve"]:
                    out.append(words)
    return out


def in_tmp(words: list[str], tmp_path: Path) -> list[str]:
    """The command with the files it writes under /tmp put under ``tmp_path`` (runs of
    the tests at once do not share them)."""
    return [str(tmp_path / w.removeprefix("/tmp/")) if w.startswith("/tmp/") else w
            for w in words]


def test_every_readme_command_runs_and_writes_nothing_into_the_checkout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42, 9: the examples are run, from the checkout, not pinned; what they write
    goes to /tmp (here a temporary folder), and the checkout holds no new file after."""
    commands = readme_commands()
    assert len(commands) >= 8
    monkeypatch.chdir(ROOT)
    before = set(ROOT.iterdir())
    for words in commands:
        assert main(in_tmp(words, tmp_path)[1:]) == 0, words
        capsys.readouterr()
    assert set(ROOT.iterdir()) - before == set()
    for written in ("report.html", "rulings.jsonl", "summary.html", "session-ruled.xml"):
        assert (tmp_path / written).is_file(), written


def test_the_readme_scorer_commands_run_on_the_bundled_sessions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The sample USEBIO and PBN ScoreTable files ship in equity/examples/, and the
    README's commands rule the example against them and write the session back."""
    commands = readme_commands(README[README.index("## The scorer"):])
    assert len(commands) == 2
    monkeypatch.chdir(ROOT)
    for words in commands:
        assert main(in_tmp(words, tmp_path)[1:]) == 0, words
        said = capsys.readouterr()
        assert "For the scorer: board 1, N-S 3 v E-W 8: 3NT by E +1 (-430)" in said.out
        if "--results-out" in words:
            assert "the other 6 tables' match points against it" in said.err
    assert (tmp_path / "session-ruled.xml").is_file()


def test_the_readme_batch_closing_line_is_the_one_its_command_prints(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42, 9: it showed "67 boards screened … 66 ruled" where the command printed
    "74 … 71", and the test pinned the old numbers instead of running the command."""
    (batch,) = [w for w in readme_commands() if w[1] == "batch"]
    monkeypatch.chdir(ROOT)
    capsys.readouterr()
    assert main(in_tmp(batch, tmp_path)[1:]) == 0
    printed = [ln for ln in capsys.readouterr().err.splitlines()
               if ln.startswith("equity batch:") and "screened" in ln]
    shown = next(b for b in blocks(README, "text") if b.startswith("equity batch:")).strip()
    assert printed == [shown]


def test_the_readme_rows_example_is_the_manuals_and_ships_with_equity() -> None:
    page = (DOCS / "entering.md").read_text(encoding="utf-8")
    rows = blocks(page[page.index("## The quitted rows"):], "text")[0]
    assert (ROOT / "equity" / "examples" / "3nt_east_diamond_revoke.rows").read_text(
        encoding="utf-8") == rows
    assert any("--rows" in words for words in readme_commands())


def test_the_built_manual_opened_from_its_folder_links_to_pages_not_folders(
        tmp_path: Path) -> None:
    """Issue 42, 10: the README says to open ``site/index.html``; opened from the disk,
    every link of the manual landed on a folder listing (``rule/``). Built, every local
    link of every page names a file that is there."""
    mkdocs = pytest.importorskip("mkdocs.commands.build")
    from mkdocs.config import load_config

    site = tmp_path / "site"
    mkdocs.build(load_config(str(ROOT / "mkdocs.yml"), site_dir=str(site), strict=True))
    pages = sorted(p for p in site.rglob("*.html") if p.name != "404.html")  # a server's
    assert (site / "index.html") in pages and len(pages) > 10
    for page in pages:
        for link in re.findall(r'href="([^"#?]+)', page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:|//", link):
                continue
            target = (page.parent / link).resolve()
            assert target.is_file(), (page.relative_to(site), link)
