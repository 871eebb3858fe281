import Testing
@testable import TextReading

@Suite struct ReceiptFieldsTests {
    @Test func placeholder() {}
}
