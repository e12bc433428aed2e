"""The Director's workbench: a case entered as the quitted rows, ruled through the one
pipeline (:func:`equity.app.pipeline.rule_board`), from the command line
(``equity rule --deal FILE --rows ROWS``) and from the web page (``equity serve``).

:mod:`equity.app.workbench.case` rules every way of filling a ``?`` card and says whether
the ruling depends on it; :mod:`equity.app.workbench.server` is the web application.
"""
