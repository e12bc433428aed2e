"""A ruling laid out for its readers; imports only equity.core.

:mod:`~equity.render.view` makes every sentence once (:class:`~equity.render.view.BoardView`);
:mod:`~equity.render.text` (a Director at the table), :mod:`~equity.render.jsonout` (scripts),
:mod:`~equity.render.html` and :mod:`~equity.render.markdown` (an appeals committee) lay it
out, and :mod:`~equity.render.pdf` prints the HTML page with headless Chromium, offline.
"""
