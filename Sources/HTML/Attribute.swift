/// An attribute of an element. Names come only from the constructors below (never from data, never
/// an `on*` event handler); values are escaped by the renderer.
public struct Attribute: Sendable {
    let name: String
    /// nil renders a boolean attribute (`hidden`, `disabled`).
    let value: String?

    init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    public static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    /// The writing direction: `ltr`, `rtl` or `auto`.
    public static func dir(_ value: String) -> Attribute { Attribute("dir", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func placeholder(_ value: String) -> Attribute { Attribute("placeholder", value) }
    public static func alt(_ value: String) -> Attribute { Attribute("alt", value) }
    public static func role(_ value: String) -> Attribute { Attribute("role", value) }
    public static func rel(_ value: String) -> Attribute { Attribute("rel", value) }
    public static func method(_ value: String) -> Attribute { Attribute("method", value) }
    public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    /// Which cells a header cell heads: `col` or `row`.
    public static func scope(_ value: String) -> Attribute { Attribute("scope", value) }
    public static func content(_ value: String) -> Attribute { Attribute("content", value) }
    public static func charset(_ value: String) -> Attribute { Attribute("charset", value) }
    public static func autocomplete(_ value: String) -> Attribute { Attribute("autocomplete", value) }
    public static func inputmode(_ value: String) -> Attribute { Attribute("inputmode", value) }
    public static func pattern(_ value: String) -> Attribute { Attribute("pattern", value) }
    public static func list(_ value: String) -> Attribute { Attribute("list", value) }
    public static func rows(_ value: Int) -> Attribute { Attribute("rows", String(value)) }
    public static func max(_ value: Double) -> Attribute { Attribute("max", String(value)) }
    public static func min(_ value: Int) -> Attribute { Attribute("min", String(value)) }
    public static func max(_ value: Int) -> Attribute { Attribute("max", String(value)) }
    /// `min` and `max` of a date field: `YYYY-MM-DD`.
    public static func min(_ value: String) -> Attribute { Attribute("min", value) }
    public static func max(_ value: String) -> Attribute { Attribute("max", value) }
    public static func maxlength(_ value: Int) -> Attribute { Attribute("maxlength", String(value)) }
    public static func tabindex(_ value: Int) -> Attribute { Attribute("tabindex", String(value)) }
    public static func width(_ value: Int) -> Attribute { Attribute("width", String(value)) }
    /// An SVG's `viewBox`: the part of its drawing shown ("x y width height").
    public static func viewBox(x: Double, y: Double, width: Double, height: Double) -> Attribute {
        Attribute("viewBox", "\(x) \(y) \(width) \(height)")
    }
    public static func height(_ value: Int) -> Attribute { Attribute("height", String(value)) }
    public static func datetime(_ value: String) -> Attribute { Attribute("datetime", value) }
    public static func accept(_ value: String) -> Attribute { Attribute("accept", value) }
    public static func capture(_ value: String) -> Attribute { Attribute("capture", value) }
    public static func sizes(_ value: String) -> Attribute { Attribute("sizes", value) }
    /// The media query a `<meta name="theme-color">` or a `<link>` applies under.
    public static func media(_ value: String) -> Attribute { Attribute("media", value) }
    public static func loading(_ value: String) -> Attribute { Attribute("loading", value) }
    public static func decoding(_ value: String) -> Attribute { Attribute("decoding", value) }
    public static func popover(_ value: String = "auto") -> Attribute { Attribute("popover", value) }
    public static func popovertarget(_ value: String) -> Attribute { Attribute("popovertarget", value) }
    /// `show`, `hide` or `toggle` (the default).
    public static func popovertargetaction(_ value: String) -> Attribute { Attribute("popovertargetaction", value) }
    /// The id of the form a control belongs to, when it sits outside it.
    public static func form(_ value: String) -> Attribute { Attribute("form", value) }
    /// `formaction`; a URL whose scheme is not allow-listed renders as `#`.
    public static func formaction(_ url: String) -> Attribute { Attribute("formaction", SafeURL.sanitize(url)) }
    public static func enctype(_ value: String) -> Attribute { Attribute("enctype", value) }
    public static func draggable(_ value: Bool) -> Attribute { Attribute("draggable", value ? "true" : "false") }

    public static var hidden: Attribute { Attribute("hidden", nil) }
    public static var disabled: Attribute { Attribute("disabled", nil) }
    public static var required: Attribute { Attribute("required", nil) }
    public static var autofocus: Attribute { Attribute("autofocus", nil) }
    public static var multiple: Attribute { Attribute("multiple", nil) }
    /// A video shown in the page, not full screen (iOS Safari's camera view).
    public static var playsinline: Attribute { Attribute("playsinline", nil) }
    public static var muted: Attribute { Attribute("muted", nil) }
    public static func enterkeyhint(_ value: String) -> Attribute { Attribute("enterkeyhint", value) }
    public static var checked: Attribute { Attribute("checked", nil) }
    public static var open: Attribute { Attribute("open", nil) }
    public static var selected: Attribute { Attribute("selected", nil) }
    public static var novalidate: Attribute { Attribute("novalidate", nil) }
    /// A `<video>`'s own play, pause and seek controls.
    public static var controls: Attribute { Attribute("controls", nil) }
    /// `none`, `metadata` or `auto`: how much of a `<video>` is fetched before it is played.
    public static func preload(_ value: String) -> Attribute { Attribute("preload", value) }
    /// The picture a `<video>` shows before it plays; a URL whose scheme is not allow-listed renders as `#`.
    public static func poster(_ url: String) -> Attribute { Attribute("poster", SafeURL.sanitize(url)) }
    public static var defer_: Attribute { Attribute("defer", nil) }

    /// `aria-*`; the suffix must be a literal.
    public static func aria(_ suffix: StaticString, _ value: String) -> Attribute {
        Attribute("aria-\(suffix)", value)
    }

    /// `data-*`; the suffix must be a literal.
    public static func data(_ suffix: StaticString, _ value: String) -> Attribute {
        Attribute("data-\(suffix)", value)
    }

    /// Inline style, from a literal only: user data never reaches CSS.
    public static func style(_ literal: StaticString) -> Attribute { Attribute("style", literal.description) }

    /// `href`; a URL whose scheme is not allow-listed renders as `#`.
    public static func href(_ url: String) -> Attribute { Attribute("href", SafeURL.sanitize(url)) }
    /// `src`; a URL whose scheme is not allow-listed renders as `#`.
    public static func src(_ url: String) -> Attribute { Attribute("src", SafeURL.sanitize(url)) }
    /// `action` of a form; a URL whose scheme is not allow-listed renders as `#`.
    public static func action(_ url: String) -> Attribute { Attribute("action", SafeURL.sanitize(url)) }
    /// `srcset`, built from URLs and width or density descriptors.
    public static func srcset(_ candidates: [(url: String, descriptor: String)]) -> Attribute {
        Attribute("srcset", candidates.map { "\(SafeURL.sanitize($0.url)) \($0.descriptor)" }.joined(separator: ", "))
    }
}
