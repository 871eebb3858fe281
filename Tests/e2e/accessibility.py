"""The accessibility audit: axe-core (bundled by selenium-axe-python) run on the page as it stands, in
the light and the dark colour scheme. Any violation fails, whatever its impact, unless it is listed
in ACCEPTED with the reason it stays."""
import json

from selenium_axe_python import Axe

# The WCAG 2.0, 2.1 and 2.2 A and AA rules, and axe's best practices.
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}}

# rule id → why it stays. Empty: nothing is waived today.
ACCEPTED = {}

SCHEMES = ("light", "dark")


def emulate(browser, scheme=None, reduced_motion=False):
    """Makes the page see `prefers-color-scheme: scheme` and, when asked, `prefers-reduced-motion:
    reduce`; with neither, the browser's own settings again."""
    features = []
    if scheme:
        features.append({"name": "prefers-color-scheme", "value": scheme})
    if reduced_motion:
        features.append({"name": "prefers-reduced-motion", "value": "reduce"})
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def violations(browser):
    """axe's violations on the current page, as (impact, rule, targets, first message)."""
    axe = Axe(browser)
    axe.inject()
    result = axe.run(options=json.dumps(RULES))
    found = []
    for violation in result["violations"]:
        if violation["id"] in ACCEPTED:
            continue
        nodes = violation["nodes"]
        if violation["id"] == "target-size":
            nodes = [node for node in nodes if not _only_under_the_top_bar(browser, node)]
            if not nodes:
                continue
        targets = [" ".join(node["target"]) for node in nodes]
        checks = (nodes[0].get("any") or nodes[0].get("all") or nodes[0].get("none") or [{}]) if nodes else [{}]
        found.append((violation["impact"], violation["id"], targets[:5], checks[0].get("message", "")))
    return found


def _only_under_the_top_bar(browser, node):
    """Whether a target is too small only because the page is scrolled and part of it is under the
    sticky top bar, which every page has: it is scrolled out of sight, not small (axe counts what the
    bar covers as obscured). A target obscured by anything else still fails."""
    related = [" ".join(other["target"]) for check in (node.get("any") or []) + (node.get("none") or []) for other in check.get("relatedNodes", [])]
    return bool(related) and browser.execute_script(
        "return arguments[0].every((selector) => document.querySelector(selector)?.closest('header.top-bar'))", related)


def assert_accessible(browser, label):
    """Audits the page in both colour schemes (without motion, so nothing is caught mid-transition);
    fails with every violation found."""
    problems = []
    try:
        for scheme in SCHEMES:
            emulate(browser, scheme, reduced_motion=True)
            # Colours follow the scheme through CSS only: one frame paints them.
            browser.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
            for impact, rule, targets, message in violations(browser):
                problems.append(f"{label} ({browser.device}, {scheme}): {impact} {rule} on {', '.join(targets)} — {message}")
    finally:
        emulate(browser)
    assert not problems, "\n".join(problems)
