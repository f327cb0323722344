import XCTest
@testable import Study

final class NameSuggestionTests: XCTestCase {
    func testDistance() {
        XCTAssertEqual(NameSuggestion.distance("kitten", "sitting"), 3)
        XCTAssertEqual(NameSuggestion.distance("", "abc"), 3)
        XCTAssertEqual(NameSuggestion.distance("same", "same"), 0)
    }

    func testNearest() {
        let names = ["widget.budgetPerDay", "widget.maxAge", "push.wakeRefusal"]
        XCTAssertEqual(NameSuggestion.nearest(to: "widget.budgetPerDy", among: names), "widget.budgetPerDay")
        XCTAssertEqual(NameSuggestion.nearest(to: "wakeRefusal", among: names), "push.wakeRefusal")
        XCTAssertEqual(NameSuggestion.nearest(to: "widget.budget", among: names), "widget.budgetPerDay")
        XCTAssertEqual(NameSuggestion.nearest(to: "WIDGET.MAXAGE", among: names), "widget.maxAge")
        XCTAssertNil(NameSuggestion.nearest(to: "zzzzzzzz", among: names))
    }
}
