/// The installed app's icons (`Static/icons/app/`, made from `icons/icon.svg` by
/// `scripts/make-app-icons.sh`): the sizes Android's launcher and the manifest's installability
/// check ask for (192, 512, a maskable 512), those iOS asks for by `apple-touch-icon` (180 for an
/// iPhone, 167 for an iPad Pro, 152 for an iPad) and a 32-pixel favicon for browsers without SVG ones.
enum AppIcons {
    struct Icon: Sendable {
        /// Under `Static/`.
        let path: String
        let size: Int
        /// The manifest's `purpose`: `any`, or `maskable` (drawn to be cut to any shape).
        let purpose: String
    }

    static let manifest = [
        Icon(path: "icons/app/any-192.png", size: 192, purpose: "any"),
        Icon(path: "icons/app/any-512.png", size: 512, purpose: "any"),
        Icon(path: "icons/app/maskable-512.png", size: 512, purpose: "maskable"),
    ]
    /// Square and opaque: iOS rounds the corners itself and shows transparent pixels as black.
    static let appleTouch = [152, 167, 180].map { Icon(path: "icons/app/apple-touch-\($0).png", size: $0, purpose: "any") }
    static let favicon = Icon(path: "icons/app/any-32.png", size: 32, purpose: "any")
    static var all: [Icon] { manifest + appleTouch + [favicon] }
}
