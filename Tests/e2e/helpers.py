"""Small waits and queries shared by the browser tests."""
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


class _Wait(WebDriverWait):
    """A wait whose condition is tried again when what it read went with the page: an element
    replaced between being found and being read (a page that re-renders a section as the answer
    arrives), or a command Chrome aborted because a navigation replaced the page (after a click on a
    form's submit button or a link, Enter in a form, a reload)."""

    def __init__(self, browser, timeout):
        super().__init__(browser, timeout, ignored_exceptions=(StaleElementReferenceException,))

    def until(self, method, message=""):
        return super().until(_through_navigation(method), message)


def wait(browser, timeout=10):
    return _Wait(browser, timeout)


def _through_navigation(condition):
    """The condition, false while a page is being replaced: Chrome refuses a command that arrives
    mid-navigation ("aborted by navigation"), or one about an element of the page just replaced ("Node
    with given id does not belong to the document", which it does not report as stale)."""
    def check(browser):
        try:
            return condition(browser)
        except WebDriverException as error:
            if "navigat" in (error.msg or "") or "does not belong to the document" in (error.msg or ""):
                return False
            raise
    return check


def visible(browser, selector, timeout=10):
    return wait(browser, timeout).until(EC.visibility_of_element_located((By.CSS_SELECTOR, selector)))


def find(browser, selector):
    return browser.find_element(By.CSS_SELECTOR, selector)


def find_all(browser, selector):
    return browser.find_elements(By.CSS_SELECTOR, selector)


def row_names(browser):
    """The names in the list, read in one go (the list may be replaced while we read)."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#item-list .item-row .item-link')].map(a => a.textContent)")


def rect(browser, element):
    return browser.execute_script("const r = arguments[0].getBoundingClientRect();"
                                  "return {x: r.x, y: r.y, width: r.width, height: r.height};", element)


def mark_page(browser):
    """Marks the current document so a test can tell whether the page was reloaded."""
    browser.execute_script("window.__homepwnerMark = 'still here';")


def page_was_kept(browser):
    return browser.execute_script("return window.__homepwnerMark === 'still here';")
