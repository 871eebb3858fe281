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

    /// `ps` shows a command line to every user of the computer: a password in `--offsite`'s URL there
    /// is refused, with where it goes instead (and without repeating it).
    @Test func aPasswordInTheURLOnTheCommandLineIsRefused() throws {
        let error = #expect(throws: BackupError.self) {
            try ResticRepository.refusePasswordOnTheCommandLine("restic:rest:https://homepwner:hunter2@backup.example.com:8000/inventory")
        }
        let message = error?.description ?? ""
        #expect(!message.contains("hunter2"), "\(message)")
        #expect(message.contains("--offsite restic:rest:https://homepwner@backup.example.com:8000/inventory"), "\(message)")
        #expect(message.contains("RESTIC_REST_PASSWORD") && message.contains("--config"), "\(message)")
        for fine in ["restic:rest:https://homepwner@backup.example.com:8000/inventory", "restic:rest:http://127.0.0.1:8000/",
                     "restic:sftp:olivia@nas.local:/srv/restic", "restic:s3:https://s3.example.com/bucket/path@2", "restic:/mnt/usb/restic"] {
            #expect(throws: Never.self, "\(fine)") { try ResticRepository.refusePasswordOnTheCommandLine(fine) }
        }
    }

    /// restic before 0.17 (Debian 12 has 0.14) reads no REST credentials from its environment: they are
    /// written into the URL it is handed, in its environment, never on a command line.
    @Test func aRESTServersUserAndPasswordFromTheEnvironmentReachRestic() {
        let rest = ResticRepository(repository: "rest:https://backup.example.com:8000/inventory")
        #expect(rest.location(in: ["RESTIC_REST_USERNAME": "homepwner", "RESTIC_REST_PASSWORD": "p@ss:word"])
                == "rest:https://homepwner:p%40ss%3Aword@backup.example.com:8000/inventory")
        let named = ResticRepository(repository: "rest:https://homepwner@backup.example.com:8000/inventory")
        #expect(named.location(in: ["RESTIC_REST_PASSWORD": "secret"]) == "rest:https://homepwner:secret@backup.example.com:8000/inventory")
        #expect(rest.location(in: [:]) == rest.repository)
        let fromTheConfigurationFile = ResticRepository(repository: "rest:https://olivia:kept@backup.example.com/x")
        #expect(fromTheConfigurationFile.location(in: ["RESTIC_REST_PASSWORD": "other"]) == fromTheConfigurationFile.repository)
        let s3 = ResticRepository(repository: "s3:https://s3.example.com/bucket")
        #expect(s3.location(in: ["RESTIC_REST_PASSWORD": "x"]) == s3.repository)
    }
}
