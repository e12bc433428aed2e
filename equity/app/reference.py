"""The options reference of the manual, generated from the command line itself.

The ruling options come from :class:`~equity.app.options.RulingOptions` (each field's
option in :data:`~equity.app.options.OPTIONS`), the others from each command's parser,
so the reference cannot drift from ``--help``: the docs build writes it
(``docs/hooks.py``) and a test checks that every option ``--help`` shows appears in it.
"""

from __future__ import annotations

import argparse

from equity.app.options import GROUPS, OPTIONS

RULING = frozenset(OPTIONS)
"""The destinations of the ruling options, shared by ``rule``, ``report`` and ``batch``."""


def _commands(parser: argparse.ArgumentParser
              ) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, help, parser) of each command, in the order ``--help`` lists them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            return [(name, helps.get(name, ""), sub) for name, sub in action.choices.items()
                    if name in helps]
    return []


def _shown(action: argparse.Action) -> bool:
    return action.help is not argparse.SUPPRESS and not isinstance(action, argparse._HelpAction)


def _flags(action: argparse.Action) -> str:
    if not action.option_strings:
        name = action.metavar or action.dest
        return f"`{name}`" + (" ..." if action.nargs in ("+", "*") else "")
    takes = action.nargs != 0
    metavar = action.metavar or (("{" + ",".join(map(str, action.choices)) + "}")
                                 if action.choices else action.dest.upper())
    return ", ".join(f"`{flag} {metavar}`" if takes else f"`{flag}`"
                     for flag in action.option_strings)


def _cell(text: str | None) -> str:
    return (text or "").replace("|", "\\|").replace("\n", " ")


def _table(actions: list[argparse.Action]) -> list[str]:
    rows = ["| option | what it does |", "|---|---|"]
    rows += [f"| {_flags(a)} | {_cell(a.help)} |" for a in actions]
    return rows


def options_reference(parser: argparse.ArgumentParser) -> str:
    """The reference as Markdown: each command's own options, then the ruling options
    under their headings (:data:`~equity.app.options.GROUPS`), in the order
    :data:`~equity.app.options.OPTIONS` gives them (the fields' order)."""
    out = ["# Options reference", "",
           "Generated from the command line's own definitions when the manual is built "
           "(`equity/app/reference.py`): it is what `equity COMMAND --help` prints.", ""]
    ruling: dict[str, argparse.Action] = {}
    for name, summary, sub in _commands(parser):
        own = [a for a in sub._actions if _shown(a) and a.dest not in RULING]
        shared = [a for a in sub._actions if _shown(a) and a.dest in RULING]
        ruling.update((a.dest, a) for a in shared)
        out += [f"## equity {name}", "", _cell(summary[:1].upper() + summary[1:]) + ".",
                ""]
        out += _table(own)
        if shared:
            out += ["", "And the [ruling options](#ruling-options) below."]
        out.append("")
    out += ["## Ruling options", "",
            "Shared by `rule`, `report`, `batch` and the workbench's Director's options: "
            "the fields of `RulingOptions` (`equity/app/options.py`), each with its "
            "option and its heading in `--help` in `OPTIONS` beside it.", ""]
    for key, title in GROUPS.items():
        names = [name for name, cli in OPTIONS.items()
                 if name in ruling and cli.group == key]
        if names:
            out += [f"### {title[:1].upper() + title[1:]}", ""]
            out += _table([ruling[name] for name in names])
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


__all__ = ["options_reference"]
