import HTML
import Localization

extension FormControls {
    /// A choice of the shipped languages, each named in its own words and marked with its `lang`
    /// (a screen reader reads "Deutsch" as German); `browsers`, when given, is a first choice that
    /// follows the browser (value ""), labelled with it ("Browser’s: Deutsch").
    func language(_ labelText: String, name: String, selected: LanguageTag?, browsers: String? = nil, hint: String? = nil,
                  among languages: [LanguageTag] = Localization.bundled.languages) -> HTMLNode {
        field(labelText, name: name, hint: hint) { id, describedBy in
            var attributes: [Attribute] = [.id(id), .name(name)]
            if let describedBy { attributes.append(.aria("describedby", describedBy)) }
            let follow: [HTMLNode] = browsers.map { browsers in
                [.element("option", [.value("")] + (selected == nil ? [.selected] : []), children: [.text(browsers)])]
            } ?? []
            return .element("select", attributes, children: follow + languages.map { language in
                .element("option", [.value(language.tag), .lang(language.tag)] + (language == selected ? [.selected] : []),
                         children: [.text(language.ownName)])
            })
        }
    }
}
