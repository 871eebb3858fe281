import Messages

extension UsefulLifeTable {
    /// Canada's table: the NJC Relocation Directive's depreciation table
    /// (https://njc-cnm.gc.ca/directive/d110/v234/s588/sv1/en, the figures as read for the general
    /// table on 2026-12-02 and quoted in its notes) wherever it names a figure for a category; the
    /// general table's years, with a note saying so, where it names none by name (televisions,
    /// computers, phones, furniture, mattresses, toys, sports gear, tools, lawn and garden, jewellery
    /// and art). The general table's notes that already cite the NJC alone are kept as they are.
    static let canadaEntries = countryEntries(figures: njcFigures, keeping: njcNotes) { entry in
        Message("lives.country.fallback", "The NJC table names no figure for this; the general table’s is kept: \(entry.sourceNote)",
                ["note": .message(entry.note)])
    }

    /// Categories whose figure the NJC names but the general table takes from another guide, or mixes with one.
    private static let njcFigures: [String: (years: Int, note: Message)] = [
        "electronics": (10, Message("lives.country.CA.source.electronics", "NJC: sound equipment 10 years.")),
        "appliances-major": (10, Message("lives.country.CA.source.appliances-major", "NJC: appliances 10 years (the general table takes 13 from Claims Pages’ refrigerators, ranges, washers and dryers).")),
        "appliances-small": (10, Message("lives.country.CA.source.appliances-small", "NJC: appliances 10 years.")),
    ]

    /// Categories whose general note already cites the NJC alone (or its 10 years for what it does not list).
    private static let njcNotes: Set<String> = ["cameras", "lighting", "rugs", "linens", "kitchenware", "clothing", "coats-suits", "shoes",
                                                "books-media", "bicycles", "musical-instruments", otherCategory]
}
