"""``equity serve``: run the workbench (:mod:`equity.app.workbench.server`) with uvicorn."""

from __future__ import annotations

import sys


def serve(host: str = "127.0.0.1", port: int = 8000, time_limit: float = 60.0) -> int:
    """Serve the workbench on ``host:port`` until interrupted; 0 when stopped."""
    import uvicorn

    from equity.app.workbench.server import create_app

    app = create_app(time_limit=time_limit)
    print(f"equity serve: the workbench is at http://{host}:{port}/ (Ctrl-C to stop)",
          file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0


__all__ = ["serve"]
