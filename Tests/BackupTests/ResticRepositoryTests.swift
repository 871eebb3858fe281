@testable import Backup
import Testing

/// `--offsite restic:REPO`: the repository as restic names it, and never its credentials in what
/// Homepwner shows or records.
@Suite struct ResticRepositoryTests {
    @Test func theRepositoryIsWhatFollowsRestic() throws {
        #expect(try ResticRepository(option: "restic:s3:https://s3.example.com/bucket/inventory").repository == "s3:https://s3.example.com/bucket/inventory")
        #expect(try ResticRepository(option: "restic:/mnt/usb/restic").repository == "/mnt/usb/restic")
        for wrong in ["s3:https://s3.example.com/bucket", "restic:", "restic:-o=evil", "rclone:remote:x"] {
            let error = #expect(throws: BackupError.self) { try ResticRepository(option: wrong) }
            #expect(error?.description.contains("restic:") == true, "\(wrong)")
        }
    }

    @Test func credentialsInAURLAreNeverShown() throws {
        let rest = try ResticRepository(option: "restic:rest:https://homepwner:hunter2@backup.example.com:8000/inventory")
        #expect(rest.shownName == "rest:https://…@backup.example.com:8000/inventory")
        #expect(!rest.shownName.contains("hunter2"))
        let sftp = try ResticRepository(option: "restic:sftp:olivia@nas.local:/srv/restic")
        #expect(sftp.shownName == "sftp:olivia@nas.local:/srv/restic")
        let s3 = try ResticRepository(option: "restic:s3:https://s3.example.com/bucket/path@2")
        #expect(s3.shownName == "s3:https://s3.example.com/bucket/path@2")
    }
}
