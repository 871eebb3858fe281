/// `index.css`: a readable page on a phone, a tablet, a desktop and on paper, light or dark.
enum BackupIndexStyle {
    static let css = """
        :root { color-scheme: light dark; --text: #1c1c1e; --muted: #5a5a60; --line: #d1d1d6; --card: #ffffff;
          --page: #f2f2f7; --accent: #0a58ca; --warn-bg: #fff4e5; --warn: #8a4b00; }
        @media (prefers-color-scheme: dark) {
          :root { --text: #f2f2f7; --muted: #b0b0b8; --line: #3a3a3c; --card: #1c1c1e; --page: #000000;
            --accent: #6ea8fe; --warn-bg: #3a2a10; --warn: #ffcf8a; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: var(--page); }
        .page-header, main, .page-footer { max-width: 62rem; margin: 0 auto; padding: 0 1rem; }
        .page-header { padding-top: 1.5rem; }
        h1 { font-size: 1.9rem; margin: 0 0 .25rem; }
        h2 { font-size: 1.4rem; margin: 0 0 .25rem; }
        h3 { font-size: 1.15rem; margin: 0 0 .5rem; }
        h4 { font-size: 1rem; margin: 1rem 0 .25rem; }
        a { color: var(--accent); }
        .made, .room-total, .detail, .room-count, figcaption { color: var(--muted); }
        .summary, .contents, .problems, .item { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 1rem; margin: 1rem 0; }
        .total { font-size: 1.4rem; font-weight: 600; margin: 0; }
        .summary p:last-child { margin-bottom: 0; }
        .problems { background: var(--warn-bg); color: var(--warn); }
        .contents ol { margin: .5rem 0 0; padding-left: 1.25rem; }
        .contents li { padding: .2rem 0; }
        .room { margin-top: 2rem; }
        .photos { display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: .75rem; margin-bottom: .75rem; align-content: start; }
        @media (min-width: 44rem) { .item-body.with-photos { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: 1.25rem; } }
        figure { margin: 0; }
        figure img { display: block; width: 100%; height: auto; max-height: 16rem; object-fit: contain; background: var(--page); border-radius: 8px; }
        figcaption { font-size: .875rem; padding-top: .25rem; }
        .fields { display: grid; grid-template-columns: minmax(9rem, max-content) 1fr; gap: .25rem 1rem; margin: 0; }
        .fields div { display: contents; }
        .fields dt { color: var(--muted); }
        .fields dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .documents, .evidence { margin: 0; padding-left: 1.25rem; overflow-wrap: anywhere; }
        .page-footer { padding-bottom: 2rem; color: var(--muted); font-size: .9rem; }
        code { overflow-wrap: anywhere; }
        @media (max-width: 32rem) {
          .fields { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: .2rem .75rem; }
          .photos { grid-template-columns: repeat(2, 1fr); }
        }
        @media print {
          body { background: #fff; color: #000; }
          .summary, .contents, .problems, .item { border-color: #999; break-inside: avoid; }
          a { color: #000; }
        }
        """
}
