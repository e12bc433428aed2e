"""MkDocs hook: the options reference page is generated from the command line when the
manual is built (``equity.app.reference``), so it cannot drift from ``--help``."""

from __future__ import annotations

from typing import Any


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    if page.file.src_uri != "options.md":
        return markdown
    from equity.app.cli import _parser
    from equity.app.reference import options_reference

    return options_reference(_parser())
