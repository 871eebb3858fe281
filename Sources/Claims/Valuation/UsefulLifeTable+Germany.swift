import Messages

extension UsefulLifeTable {
    /// Germany's table: the textile-cleaning trade's table of textiles' lives
    /// (`DepreciationSource.textileCleanersTable`, months read 2026-12-07) for clothing, coats and suits
    /// and linens, the only categories it covers; the general table's years elsewhere, with a note
    /// saying so. Its leather part (shoes, leather jackets) was not in the copy read, so shoes keep the
    /// general figure too.
    static let germanEntries = countryEntries(figures: textileFigures) { entry in
        Message("lives.country.DE.fallback", "The German textile table covers textiles only; the general table’s figure is kept: \(entry.sourceNote)",
                ["note": .message(entry.note)])
    }

    /// The table's months for the articles in each category, and the years taken from them.
    private static let textileFigures: [String: (years: Int, note: Message)] = [
        "clothing": (2, Message("lives.country.DE.source.clothing", "Textile table: shirts, underwear, cotton trousers, gloves and light sports and leisure wear 24 months (2 years); socks 12; woolen trousers, hats and scarves 36. Fashionable pieces half as long.")),
        "coats-suits": (4, Message("lives.country.DE.source.coats-suits", "Textile table: woolen and poplin jackets, poplin coats and woolen blazers 48 months (4 years); woolen coats 60; microfiber coats, cotton blazers, sweaters and cardigans 36; dinner suits 72. 4 years is the middle.")),
        "linens": (5, Message("lives.country.DE.source.linens", "Textile table: bed linen at home 72 months (6 years), light curtains 60, towels at home and cushions 48, heavy curtains 120; 5 years is the middle.")),
    ]
}
