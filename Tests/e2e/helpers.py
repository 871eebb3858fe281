"""Small waits and queries shared by the browser tests."""
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


def wait(browser, timeout=10):
    """A wait whose condition is tried again when the element it read was replaced between being
    found and being read (a page that re-renders a section as the answer arrives)."""
    return WebDriverWait(browser, timeout, ignored_exceptions=(StaleElementReferenceException,))


def through_navigation(condition):
    """The condition, tried again while a page is being replaced: Chrome refuses a command that
    arrives mid-navigation ("aborted by navigation"), as after clicking a form's submit button."""
    def check(browser):
        try:
            return condition(browser)
        except WebDriverException as error:
            if "navigat" in (error.msg or ""):
                return False
            raise
    return check


def visible(browser, selector, timeout=10):
    return wait(browser, timeout).until(through_navigation(EC.visibility_of_element_located((By.CSS_SELECTOR, selector))))


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
