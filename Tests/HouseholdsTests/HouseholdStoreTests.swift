import Accounts
import Database
import Foundation
import Households
import Testing

@Suite struct HouseholdStoreTests {
    @Test func creatingAHouseholdMakesItsOwnerItsPrefixAndItsCounters() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia")
        let flat = try fixture.households.create(named: "  Holiday flat ", owner: olivia)

        #expect(flat.name == "Holiday flat")
        #expect(flat.role == .owner)
        #expect(try fixture.made(of: olivia) == [flat])
        let access = try fixture.access(flat.id, for: olivia)
        #expect(access.role == .owner)
        #expect(access.idPrefix == flat.id.rawValue)
        #expect(access.filesFolder == "households/\(flat.id)")
        let members = try fixture.households.members(of: access)
        #expect(members.map(\.name) == ["olivia"] && members.map(\.role) == [.owner])
        #expect(members.first?.joined == fixture.clock.now)
        #expect(try fixture.count("household_sequences") == HouseholdEntity.allCases.count)

        // Each kind of row counts on its own, from 1, under the household's prefix.
        let base = flat.id.rawValue << 32
        #expect(try fixture.nextID(of: .items, in: access) == base + 1)
        #expect(try fixture.nextID(of: .items, in: access) == base + 2)
        #expect(try fixture.nextID(of: .claims, in: access) == base + 1)
    }

    @Test func aMadeHouseholdsIdsStartAtItsIdTimes2To32AndNeitherCountsTheOthers() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia")
        let home = try fixture.access(try fixture.households.create(named: "Home", owner: olivia).id, for: olivia)
        let flat = try fixture.access(try fixture.households.create(named: "Holiday flat", owner: olivia).id, for: olivia)

        // The first household (every folder's, id 1) has prefix 0; those made after it their own ids.
        #expect(home.id == 2 && flat.id == 3)
        for _ in 0..<3 { _ = try fixture.nextID(of: .items, in: home) }
        #expect(try fixture.nextID(of: .items, in: flat) == 3 << 32 + 1)
        #expect(try fixture.nextID(of: .items, in: home) == 1 << 33 + 4)
        #expect(try fixture.nextID(of: .items, in: flat) == 3 << 32 + 2)
    }

    /// A deleted household's prefix is never given again: a label printed for its things opens nothing else.
    @Test func aDeletedHouseholdsIdIsNeverGivenAgain() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia")
        _ = try fixture.households.create(named: "Home", owner: olivia)
        let flat = try fixture.households.create(named: "Holiday flat", owner: olivia)
        try fixture.database.write { try $0.run("DELETE FROM households WHERE id = ?", flat.id) }

        let storage = try fixture.households.create(named: "Storage unit", owner: olivia)
        #expect(storage.id == 4)
        #expect(try fixture.access(storage.id, for: olivia).idPrefix == 4)
        #expect(try fixture.made(of: olivia).map(\.name) == ["Home", "Storage unit"])
    }

    @Test func aCounterTakenInAWriteThatFailsIsGivenAgain() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia")
        let home = try fixture.access(try fixture.households.create(named: "Home", owner: olivia).id, for: olivia)
        #expect(throws: DatabaseError.self) {
            try fixture.database.write { connection in
                let _: RowID<Household> = try HouseholdStore.nextID(of: .items, in: home, on: connection)
                throw DatabaseError(message: "the insert failed")
            }
        }
        #expect(try fixture.nextID(of: .items, in: home) == home.idPrefix << 32 + 1)
    }

    @Test func accessIsNilForANonMemberAndCarriesTheMembersRole() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia"), sam = try fixture.account("sam")
        let home = try fixture.households.create(named: "Home", owner: olivia)

        #expect(try fixture.households.access(to: home.id, for: sam) == nil)
        #expect(try fixture.households.access(to: 99, for: olivia) == nil)
        #expect(try fixture.made(of: sam).isEmpty)

        try fixture.households.add(sam, as: .viewer, to: try fixture.access(home.id, for: olivia))
        #expect(try fixture.households.access(to: home.id, for: sam)?.role == .viewer)
        #expect(try fixture.made(of: sam).map(\.role) == [.viewer])
        try fixture.households.setRole(of: sam, to: .editor, in: try fixture.access(home.id, for: olivia))
        #expect(try fixture.households.access(to: home.id, for: sam)?.role == .editor)
    }

    @Test func theLastOwnerCannotBeRemovedOrDemoted() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia"), sam = try fixture.account("sam")
        let home = try fixture.access(try fixture.households.create(named: "Home", owner: olivia).id, for: olivia)
        try fixture.households.add(sam, as: .editor, to: home)

        #expect(throws: HouseholdError.lastOwner) { try fixture.households.remove(olivia, from: home) }
        #expect(throws: HouseholdError.lastOwner) { try fixture.households.setRole(of: olivia, to: .editor, in: home) }
        #expect(try fixture.households.access(to: home.id, for: olivia)?.role == .owner)
        try fixture.households.setRole(of: olivia, to: .owner, in: home)  // staying owner is no demotion

        // With another owner, the first may step down, and then that one is the last.
        try fixture.households.setRole(of: sam, to: .owner, in: home)
        try fixture.households.setRole(of: olivia, to: .viewer, in: home)
        #expect(throws: HouseholdError.lastOwner) { try fixture.households.remove(sam, from: home) }
        #expect(try fixture.households.members(of: home).map(\.role) == [.viewer, .owner])
    }

    @Test func membersAreChangedOnlyAsTheyAre() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia"), sam = try fixture.account("sam")
        let home = try fixture.access(try fixture.households.create(named: "Home", owner: olivia).id, for: olivia)

        #expect(throws: HouseholdError.notAMember) { try fixture.households.setRole(of: sam, to: .editor, in: home) }
        #expect(throws: HouseholdError.notAMember) { try fixture.households.remove(sam, from: home) }
        #expect(throws: HouseholdError.accountNotFound) { try fixture.households.add(424_242, as: .viewer, to: home) }
        try fixture.households.add(sam, as: .viewer, to: home)
        #expect(throws: HouseholdError.alreadyAMember) { try fixture.households.add(sam, as: .owner, to: home) }
        #expect(try fixture.households.access(to: home.id, for: sam)?.role == .viewer)
        #expect(throws: HouseholdError.accountNotFound) { try fixture.households.create(named: "Flat", owner: 424_242) }
    }

    @Test func removingAMemberDeletesOnlyTheMembership() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia"), sam = try fixture.account("sam")
        let home = try fixture.access(try fixture.households.create(named: "Home", owner: olivia).id, for: olivia)
        try fixture.households.add(sam, as: .editor, to: home)
        let given = try fixture.nextID(of: .items, in: try fixture.access(home.id, for: sam))

        try fixture.households.remove(sam, from: home)
        #expect(try fixture.households.access(to: home.id, for: sam) == nil)
        #expect(try fixture.made(of: sam).isEmpty)
        #expect(try fixture.accounts.account(id: sam)?.name == "sam")
        #expect(try fixture.made(of: olivia).map(\.name) == ["Home"])
        #expect(try fixture.households.members(of: home).map(\.name) == ["olivia"])
        #expect(try fixture.nextID(of: .items, in: home) == given + 1)
        // And a member who leaves can be added back.
        try fixture.households.add(sam, as: .viewer, to: home)
        #expect(try fixture.households.access(to: home.id, for: sam)?.role == .viewer)
    }

    @Test func aNameIsRefusedSayingWhatToFixAndNothingIsMade() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia")
        for name in ["", "   ", String(repeating: "x", count: HouseholdStore.maximumNameLength + 1)] {
            let error = #expect(throws: HouseholdError.self) { try fixture.households.create(named: name, owner: olivia) }
            guard case .invalidName(let reason) = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(reason.english == "A household’s name has 1 to 200 characters.")
        }
        let error = #expect(throws: HouseholdError.self) { try fixture.households.create(named: "Flat\nB", owner: olivia) }
        #expect(error?.wording.key == "error.text.control-character")
        // Only the first household and olivia's place in it, which every folder and account has.
        #expect(try fixture.count("households") == 1)
        #expect(try fixture.count("household_members") == 1)
        #expect(try fixture.count("household_sequences") == 0)
    }

    /// An account deleted by an administrator takes its memberships with it, nothing else.
    @Test func deletingAnAccountEndsItsMemberships() throws {
        let fixture = try HouseholdsFixture()
        let olivia = try fixture.account("olivia"), sam = try fixture.account("sam")
        let home = try fixture.access(try fixture.households.create(named: "Home", owner: olivia).id, for: olivia)
        try fixture.households.add(sam, as: .editor, to: home)
        try fixture.accounts.remove(name: "sam")
        #expect(try fixture.households.members(of: home).map(\.name) == ["olivia"])
        #expect(try fixture.made(of: olivia).map(\.name) == ["Home"])
    }
}
