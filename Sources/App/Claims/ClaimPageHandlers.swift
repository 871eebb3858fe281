import Accounts
import Claims
import Clocks
import Foundation
import HTML
import HTTPServer
import Inventory
import Localization
import Messages
import TextRules

/// The claims pages: the list with New Claim, each claim's page, choosing items, a line, closing,
/// deleting, and the useful-life table. Plain form posts answered with redirects, so they work
/// without scripts. The pages that show a whole claim (or every claim) are made on a worker, within
/// the caller's share (`ClaimReadLimit`). Each works in the request's household: a page's helpers
/// are handed the stores bound to it.
struct ClaimPageHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    let items: HouseholdBound<ItemStore>
    let site: PageContext
    let clock: any TimeSource
    let reads: ClaimReadLimit
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    func register(in router: inout AppRouter) {
        router.add(.get, ClaimRoutes.list, readingClaimsWithin: reads) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            return try list(request, claims: claims, form: ClaimForm(language: request.pageLanguage), errors: nil)
        }
        router.add(.post, ClaimRoutes.list, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let fields = try request.formFields()
            let form = ClaimForm(fields: fields)
            do {
                let claim = try claims.create(try form.input(currency: try items.currency(), fields: fields), now: clock.now)
                return .redirect(to: ClaimRoutes.claim(claim.id))
            } catch ClaimError.invalid(let errors) {
                return try list(request, claims: claims, form: form, errors: errors)
            }
        }
        router.add(.get, ClaimRoutes.claim, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            return try claimPage(request, claims: claims, items: items, id: try request.claimID(), form: nil, errors: nil)
        }
        router.add(.post, ClaimRoutes.claim, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try request.claimID(), fields = try request.formFields()
            let form = ClaimForm(fields: fields)
            do {
                _ = try claims.update(id: id, try form.input(currency: try items.currency(), fields: fields))
                return .redirect(to: ClaimRoutes.claim(id))
            } catch ClaimError.invalid(let errors) {
                return try claimPage(request, claims: claims, items: items, id: id, form: form, errors: errors)
            }
        }
        router.post(ClaimRoutes.chooseItems) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try claims.claim(id: try request.claimID()).id
            let fields = try request.formFields()
            let selection: ClaimSelection
            switch fields["by"] ?? "" {
            case "all": selection = ClaimSelection(query: ItemQuery())
            case "place":
                guard let location = Int64(fields["locationId"] ?? "").map({ Location.ID($0) }) else { throw AppError(.invalidForm, Message("claim.page.error.choose-place", "Choose a place from the list.")) }
                selection = ClaimSelection(query: ItemQuery(locationID: location))
            case "tag":
                guard let tag = fields["tag"], !tag.isEmpty else { throw AppError(.invalidForm, Message("claim.page.error.choose-tag", "Choose a tag from the list.")) }
                selection = ClaimSelection(query: ItemQuery(tag: tag))
            case "search":
                let text = (fields["q"] ?? "").trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { throw AppError(.invalidForm, Message("claim.page.error.search-empty", "Type what to look for, then Add.")) }
                if let wording = ItemListQuery.textRule.wording(checking: text) { throw AppError(.invalidForm, wording) }
                selection = ClaimSelection(query: ItemQuery(text: text))
            default:
                throw AppError(.invalidForm, Message("claim.page.error.choose-how", "Choose which items to add: everything, a place, a tag or a search."))
            }
            let added = try claims.addItems(try selection.itemIDs(in: items), to: id).added
            return .redirect(to: ClaimRoutes.claim(id, added: added))
        }
        router.add(.get, ClaimRoutes.line, readingClaimsWithin: reads) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            let (id, itemID) = (try request.claimID(), try request.claimLineItemID())
            return try linePage(request, claims: claims, id: id, itemID: itemID, form: nil, errors: nil)
        }
        router.add(.post, ClaimRoutes.line, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let (id, itemID) = (try request.claimID(), try request.claimLineItemID())
            let form = ClaimLineForm(fields: try request.formFields())
            do {
                _ = try claims.updateLine(try form.input(itemID: itemID, currency: try items.currency()), of: id)
                return .redirect(to: ClaimRoutes.claim(id, savedLine: itemID))
            } catch ClaimError.invalid(let errors) {
                return try linePage(request, claims: claims, id: id, itemID: itemID, form: form, errors: errors)
            }
        }
        router.post(ClaimRoutes.removeLine) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            let id = try request.claimID()
            _ = try claims.removeItem(try request.claimLineItemID(), from: id)
            return .redirect(to: ClaimRoutes.claim(id))
        }
        router.post(ClaimRoutes.close) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try request.claimID()
            _ = try claims.close(id: id, items: items, now: clock.now)
            return .redirect(to: ClaimRoutes.claim(id))
        }
        router.post(ClaimRoutes.delete) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            try claims.delete(id: try request.claimID())
            return .redirect(to: ClaimRoutes.list.url())
        }
        router.get(ClaimRoutes.usefulLives) { request in
            try usefulLives(request, claims: try households.stores(self.claims, self.items, of: request).claims, typed: nil, message: nil)
        }
        router.post(ClaimRoutes.usefulLives) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            let fields = try request.formFields()
            let table = try claims.usefulLifeTable()
            var problems: [FieldError] = []
            let context = request.pageContext(site)
            let years = UsefulLivesInput.read(form: fields.firstValues, labels: table.entries.map { ($0.category, UsefulLivesPage.categoryName($0.category, context)) },
                                              problems: &problems)
            if let problem = problems.first { return try usefulLives(request, claims: claims, typed: fields, message: context.text(problem.wording)) }
            do {
                _ = try claims.changeUsefulLives(years)
                return .redirect(to: ClaimRoutes.usefulLives.url() + "?saved=1")
            } catch let error as ValuationError {
                return try usefulLives(request, claims: claims, typed: fields, message: context.text(error.wording) + " " + context.text("lives.nothing-saved"))
            }
        }
    }

    // MARK: Pages

    private func list(_ request: Request, claims: ClaimStore, form: ClaimForm, errors: ValidationError?) throws -> Response {
        let today = CalendarDate(clock.now), context = request.pageContext(site), words = context.localizer, format = context.format
        let rows = try claims.sheets().map { sheet -> ClaimListPage.Row in
            let claim = sheet.claim, totals = sheet.schedule.totals
            return ClaimListPage.Row(name: claim.name, url: ClaimRoutes.claim(claim.id), status: ClaimStatus(claim: claim, today: today, words: words),
                                     summary: words.text("claims.list.summary", ["schedule": .text(sheet.schedule.countText(words: words)),
                                                                                 "acv": .text(format.exactMoney(totals.actualCashValue, in: sheet.currency)),
                                                                                 "rc": .text(format.exactMoney(totals.replacementCost, in: sheet.currency))]))
        }
        let page = ClaimListPage(rows: rows, form: form, errors: errors, context: context)
        return .html(page.document().renderedBytes(), status: errors == nil ? .ok : .unprocessableContent)
    }

    /// The claim's page, read from `claims` and `items`: the stores working in the request's household.
    func claimPage(_ request: Request, claims: ClaimStore, items: ItemStore, id: Claim.ID, form: ClaimForm?, errors: ValidationError?,
                   expenseForm: ClaimExpenseForm? = nil, expenseErrors: ValidationError? = nil,
                   bundleForm: ClaimBundleForm? = nil, bundleErrors: ValidationError? = nil) throws -> Response {
        let sheet = try claims.sheet(id: id)
        var justDone: ClaimPageModel.JustDone?
        if let added = request.query["added"].flatMap({ Int($0) }) {
            justDone = .added(added)
        } else if let saved = request.query["saved"].flatMap({ Item.ID($0) }),
                  let line = sheet.schedule.lines.first(where: { $0.itemID == saved }) {
            justDone = .savedLine(number: line.number, name: line.name)
        }
        let places = try items.locations(), tags = try items.tagNames()
        let counts = try items.ownedItemCounts(places: places)
        let choices = ClaimPageModel.Choices(everything: counts.total,
                                             places: places.map { (id: $0.id, path: $0.path, count: counts.byPlace[$0.id] ?? 0) },
                                             tags: tags.map { (name: $0, count: counts.byTag[$0] ?? 0) })
        let context = request.pageContext(site), words = context.localizer
        let model = ClaimPageModel(sheet: sheet, today: CalendarDate(clock.now), choices: choices, form: form, errors: errors, justDone: justDone, words: words)
        // Owners share a claim with its adjuster from its page.
        let share = context.canManage
            ? ClaimLinkPageHandlers.section(claimID: id, links: try claims.links(ofClaim: id), csrfToken: context.csrfToken, newLinkURL: nil,
                                            expires: nil, label: "", errors: nil, now: clock.now, words: context.localizer).node
            : nil
        let expenses = ClaimExpensesSection(sheet: sheet, form: expenseForm, errors: expenseErrors, justAdded: request.query["expense"] != nil,
                                            canChange: context.canEdit, csrfToken: context.csrfToken, words: words)
        let bundled = request.query["bundled"].map { words.text($0 == "1" ? "claim.page.bundles.made" : "claim.page.bundles.unbundled") }
        let bundles = ClaimBundlesSection(sheet: sheet, form: bundleForm, errors: bundleErrors, justDone: bundled, canChange: context.canEdit, csrfToken: context.csrfToken,
                                          words: words)
        var page = ClaimPage(model: model, shareSection: share, bundlesSection: bundles.isShown ? bundles.node : nil, expensesSection: expenses.node, context: context)
        let packOut = try ClaimPackOut(sheet: sheet, items: items)
        if !packOut.isEmpty { page.packOutSection = packOut.card(words: words) }
        return .html(page.document().renderedBytes(), status: errors == nil && expenseErrors == nil && bundleErrors == nil ? .ok : .unprocessableContent)
    }

    private func linePage(_ request: Request, claims: ClaimStore, id: Claim.ID, itemID: Item.ID, form: ClaimLineForm?, errors: ValidationError?) throws -> Response {
        let sheet = try claims.sheet(id: id), claim = sheet.claim
        guard let claimLine = claim.lines.first(where: { $0.itemID == itemID }) else { throw ClaimError.lineNotFound(claimID: id, itemID: itemID) }
        guard let line = sheet.schedule.lines.first(where: { $0.itemID == itemID }) else { throw ClaimError.lineNotFound(claimID: id, itemID: itemID) }
        let valuation = line.valuation
        let guessed = sheet.table.entry(for: sheet.table.guessCategory(tags: sheet.items[itemID]?.details.tags ?? [], name: line.name))
        let context = request.pageContext(site), words = context.localizer, format = context.format, wording = ClaimMethodText(words: words)
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("claim.line." + key, arguments) }
        func money(_ minorUnits: Int64) -> String { format.exactMoney(minorUnits, in: sheet.currency) }
        func category(_ id: String, _ label: String, _ years: Int?) -> String {
            say("category.value", ["category": .text(wording.category(id, label: label)), "life": .text(wording.years(years))])
        }
        let quantityLost = line.quantityLost < line.quantityHeld
            ? words.text("shared.item.quantity-of", ["lost": .text(format.number(line.quantityLost)), "held": .text(format.quantity(line.quantityHeld, line.quantityUnit))])
            : format.quantity(line.quantityLost, line.quantityUnit)
        var figures: [(label: String, value: String)] = [
            (words.text("shared.item.quantity-lost"), quantityLost),
            (say("category"), category(valuation.category, valuation.categoryLabel, valuation.usefulLifeYears)),
            (say("age"), wording.ageText(line)),
            (say("replacement-each"), money(valuation.unitReplacementCost)),
            (words.text("claim.owed.depreciation"), say("depreciation-value", ["percent": .text(wording.percent(valuation.depreciationBasisPoints)),
                                                                                "amount": .text(money(valuation.unitDepreciation))])),
            (say("acv-each"), money(valuation.unitActualCashValue)),
            (say("acv-line"), money(valuation.lineActualCashValue)),
        ]
        if line.againstRider {
            figures.append((say("rider"), line.riderAmount.map { say("rider.up-to", ["amount": .text(money($0))]) } ?? say("rider.none")))
        }
        figures.append((say("owed-at-most"), money(line.amountClaimed)))
        if let paid = line.paid { figures.append((words.text("claim.owed.paid"), money(paid))) }
        if line.recoverableDepreciation > 0 {
            figures.append((line.replacedCost == nil ? words.text("claim.owed.recoverable") : say("still-recoverable"), money(line.recoverableDepreciation)))
        }
        let warning = line.paidAboveClaim > 0 ? ClaimOwedSummary.overpaymentWarning(sheet: sheet, words: words)(line) : nil
        let categories = [("", say("category.guess", ["category": .text(category(guessed.category, guessed.label, guessed.years))]))]
            + sheet.table.entries.map { ($0.category, category($0.category, $0.label, $0.years)) }
        let toDos = valuation.toDos.map { toDo in Self.toDoKeys[toDo].map { say("todo." + $0) } ?? toDo }
        let page = ClaimLinePage(claimName: claim.name, claimURL: ClaimRoutes.claim(id), formURL: ClaimRoutes.line(id, item: itemID),
                                 removeURL: ClaimRoutes.removeLine(id, item: itemID), itemName: line.name, itemURL: ItemRoutes.item(itemID),
                                 quantityHeld: format.quantity(line.quantityHeld, line.quantityUnit),
                                 figures: figures, warning: warning, basis: ([wording.basis(line, lossDate: claim.lossDate)] + toDos).joined(separator: " "), categories: categories,
                                 form: form ?? ClaimLineForm(line: claimLine, currency: sheet.currency, numbers: TypedNumbers(language: context.localizer.language)), errors: errors, currency: sheet.currency,
                                 canChange: !claim.isClosed && context.canEdit, context: context)
        return .html(page.document().renderedBytes(), status: errors == nil ? .ok : .unprocessableContent)
    }

    /// What `LineValuation.toDos` asks for next, by its US English, and its message's key (`claim.line.todo.`).
    private static let toDoKeys = ["Add the loss date.": "loss-date", "Add the purchase date.": "purchase-date", "Check the purchase date.": "check-purchase-date",
                                   "Add today’s price for a new one.": "price-today", "Add one of them.": "one-of-them"]

    private func usefulLives(_ request: Request, claims: ClaimStore, typed: FormFields?, message: String?) throws -> Response {
        let table = try claims.usefulLifeTable(), context = request.pageContext(site)
        let rows = table.entries.map { entry in
            UsefulLivesPage.Row(category: entry.category, years: typed?[entry.category] ?? entry.years.map(String.init) ?? "", defaultYears: entry.defaultYears,
                                note: context.format.text(entry.note))
        }
        let page = UsefulLivesPage(rows: rows, sources: table.sources, tableName: context.format.text(table.country.name), message: message,
                                   saved: request.query["saved"] != nil, canChange: context.canEdit, context: context)
        return .html(page.document().renderedBytes(), status: message == nil ? .ok : .unprocessableContent)
    }
}
