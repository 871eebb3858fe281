import HTTPServer

/// The settings' forms (owners): the offline copy's switch, shown on the Accounts page.
struct SettingsPageHandlers: Sendable {
    let offlineCopy: OfflineCopySwitch

    func register(in router: inout AppRouter) {
        router.post(SettingsRoutes.offlineCopy, access: .manage) { request in
            // A checkbox: sent as `on` when ticked, not sent at all when not.
            let keeps = try request.formFields()["offlineCopy"] == "on"
            try offlineCopy.set(keeps)
            return .redirect(to: AccountRoutes.users(offlineCopySaved: keeps))
        }
    }
}
