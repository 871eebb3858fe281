/// The colours the phone paints around the app: its status bar (`theme_color`, the top bar's own
/// colour in each scheme, `--bar-bg` in app.css without its transparency) and the splash screen
/// shown while it opens (`background_color`, the pages' `--bg`).
enum AppColours {
    static let themeLight = "#f9f9fb"
    static let themeDark = "#161618"
    static let background = "#f2f2f7"
}
