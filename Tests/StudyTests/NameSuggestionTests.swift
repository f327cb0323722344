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

    func testAMatchButForCaseRanksFirst() {
        // Without case, "Seed" is one edit from "seeds" (earlier) and a suffix of nothing.
        XCTAssertEqual(NameSuggestion.nearest(to: "Seed", among: ["seeds", "seed"]), "seed")
        // It beats a suffix match ("x.widget") and a prefix match ("widgets").
        XCTAssertEqual(NameSuggestion.nearest(to: "Widget", among: ["x.widget", "widgets", "widget"]), "widget")
        XCTAssertEqual(NameSuggestion.nearest(to: "live", among: ["observe.glances.live", "Live"]), "Live")
        XCTAssertEqual(NameSuggestion.nearest(to: "push", among: ["pushes", "Push"]), "Push")
        // Suffix and prefix matches ignore case too.
        XCTAssertEqual(NameSuggestion.nearest(to: "BudgetPerDay", among: ["push.delay", "widget.budgetPerDay"]), "widget.budgetPerDay")
        XCTAssertEqual(NameSuggestion.nearest(to: "OBSERVE.GL", among: ["observe.warmup", "observe.glances.widget.perHour"]),
                       "observe.glances.widget.perHour")
    }
}
