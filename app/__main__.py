from app.heap import paused

with paused():  # the imports only build what the process keeps (app/heap.py)
    from app.cli import main

raise SystemExit(main())
