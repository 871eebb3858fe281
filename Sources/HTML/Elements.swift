// Element helpers; every one renders through the escaping renderer like any other node.

public func html(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("html", attributes, children: content())
}

public func head(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("head", attributes, children: content())
}

public func body(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("body", attributes, children: content())
}

public func header(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("header", attributes, children: content())
}

public func nav(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("nav", attributes, children: content())
}

public func main(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("main", attributes, children: content())
}

public func footer(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("footer", attributes, children: content())
}

public func section(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("section", attributes, children: content())
}

public func article(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("article", attributes, children: content())
}

public func aside(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("aside", attributes, children: content())
}

public func h1(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("h1", attributes, children: content())
}

public func h2(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("h2", attributes, children: content())
}

public func h3(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("h3", attributes, children: content())
}

public func h4(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("h4", attributes, children: content())
}

public func p(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("p", attributes, children: content())
}

public func span(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("span", attributes, children: content())
}

public func div(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("div", attributes, children: content())
}

public func a(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("a", attributes, children: content())
}

public func button(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("button", attributes, children: content())
}

public func form(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("form", attributes, children: content())
}

public func label(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("label", attributes, children: content())
}

public func textarea(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("textarea", attributes, children: content())
}

public func select(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("select", attributes, children: content())
}

public func option(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("option", attributes, children: content())
}

public func ul(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("ul", attributes, children: content())
}

public func ol(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("ol", attributes, children: content())
}

public func li(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("li", attributes, children: content())
}

public func dialog(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("dialog", attributes, children: content())
}

public func template(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("template", attributes, children: content())
}

public func time(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("time", attributes, children: content())
}

public func output(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("output", attributes, children: content())
}

public func progress(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("progress", attributes, children: content())
}

public func small(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("small", attributes, children: content())
}

public func strong(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("strong", attributes, children: content())
}

public func em(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("em", attributes, children: content())
}

public func dl(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("dl", attributes, children: content())
}

public func dt(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("dt", attributes, children: content())
}

public func dd(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("dd", attributes, children: content())
}

public func figure(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("figure", attributes, children: content())
}

/// `<video>`: its `<source>`s and a fallback inside.
public func video(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("video", attributes, children: content())
}

public func figcaption(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("figcaption", attributes, children: content())
}

public func datalist(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("datalist", attributes, children: content())
}

public func fieldset(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("fieldset", attributes, children: content())
}

public func legend(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("legend", attributes, children: content())
}

public func table(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("table", attributes, children: content())
}

public func thead(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("thead", attributes, children: content())
}

public func tbody(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("tbody", attributes, children: content())
}

public func tr(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("tr", attributes, children: content())
}

public func th(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("th", attributes, children: content())
}

public func td(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("td", attributes, children: content())
}

public func noscript(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("noscript", attributes, children: content())
}

public func picture(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("picture", attributes, children: content())
}

public func menu(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("menu", attributes, children: content())
}

public func details(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("details", attributes, children: content())
}

public func summary(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("summary", attributes, children: content())
}

public func b(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("b", attributes, children: content())
}

public func code(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("code", attributes, children: content())
}

public func kbd(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTMLNode] = { [] }) -> HTMLNode {
    .element("kbd", attributes, children: content())
}

public func meta(_ attributes: Attribute...) -> HTMLNode { .element("meta", attributes, isVoid: true) }

public func link(_ attributes: Attribute...) -> HTMLNode { .element("link", attributes, isVoid: true) }

public func input(_ attributes: Attribute...) -> HTMLNode { .element("input", attributes, isVoid: true) }

public func img(_ attributes: Attribute...) -> HTMLNode { .element("img", attributes, isVoid: true) }

public func br(_ attributes: Attribute...) -> HTMLNode { .element("br", attributes, isVoid: true) }

public func hr(_ attributes: Attribute...) -> HTMLNode { .element("hr", attributes, isVoid: true) }

public func source(_ attributes: Attribute...) -> HTMLNode { .element("source", attributes, isVoid: true) }

/// `<title>`: text only.
public func title(_ text: String) -> HTMLNode { .element("title", [], children: [.text(text)]) }

/// `<script src=…>`: scripts come from files only; no inline script and no data in a script.
public func script(src: String, module: Bool = true) -> HTMLNode {
    var attributes: [Attribute] = [.src(src)]
    if module { attributes.append(.type("module")) }
    return .element("script", attributes)
}
