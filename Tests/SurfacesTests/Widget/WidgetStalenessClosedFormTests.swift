import XCTest
import Foundation
import SimKernel
import Surfaces
import SurfaceCore
import TestSupport

/// The three staleness bounds of §25.9's widget rows, checked against closed forms in the
/// zero-latency set-up (`WidgetSetUp.closedForm`). Samples are pooled over replications;
/// tolerances come from the effective sample size (z = 5), and each test also checks that
/// it could tell the model from one with a rate doubled.
final class WidgetStalenessClosedFormTests: XCTestCase {

    // MARK: Widget fed only by the main app (§25.9: "when the main app last ran")

    /// App opens Poisson(λ), edits elsewhere Poisson(μ): at a glance the widget holds the data
    /// of the last open, so P(staleness > s) = μ/(λ+μ)·e^(−λs) and E[staleness] = μ/(λ(λ+μ)).
    /// (The timeline's hints are off: without fetches they only re-read the same projection.)
    func testAppFedWidgetStalenessFollowsTheLastAppOpen() {
        let lambda = 2.0, mu = 1.0, g = 4.0                     // per hour
        var p = WidgetSetUp.appFed(opensPerHour: lambda, editsPerHour: mu)
        p.observe.widgetGlances = Rate(perHour: g)
        var pooled = Pooled()
        var ages: [Double] = [], timeAverages: [Double] = []
        for seed in WidgetSeeds.range(1_000..<1_016) {
            let r = Replication.run(p, seed: seed)
            XCTAssertEqual(r[value: .widgetBlank], 0, "seed \(seed): the widget shows data at every glance after the warm-up")
            pooled.samples += r[samples: .widgetStaleness]
            ages += r[samples: .widgetAge]
            timeAverages.append(r[value: .widgetStalenessTimeAvg])
        }
        let nEff = Stat.effective(pooled.n, inflation: Stat.inflation(glances: g, renewals: lambda))
        XCTAssertGreaterThan(nEff, 2_000)

        func tail(_ s: Double, _ l: Double, _ m: Double) -> Double { m / (l + m) * exp(-l * s / 3600) }
        for s in [0.0, 900, 1800, 3600, 7200] {
            let expected = tail(s, lambda, mu)
            let tol = Stat.binomial(expected, n: nEff)
            assertClose(pooled.shareAbove(s), expected, tolerance: tol, "P(staleness > \(Int(s)) s)")
            if s <= 1800 { assertDetects(tail(s, 2 * lambda, mu), from: expected, tolerance: tol, "λ doubled, s = \(s)") }
            if s <= 900 { assertDetects(tail(s, lambda, 2 * mu), from: expected, tolerance: tol, "μ doubled, s = \(s)") }
        }

        // Mean and spread in hours: E[S] = μ/(λ(λ+μ)), E[S²] = 2μ/(λ²(λ+μ)).
        func mean(_ l: Double, _ m: Double) -> Double { m / (l * (l + m)) * 3600 }
        let second = 2 * mu / (lambda * lambda * (lambda + mu)) * 3600 * 3600
        let sd = (second - mean(lambda, mu) * mean(lambda, mu)).squareRoot()
        let tol = Tolerance.mean(sd: sd, n: nEff)
        assertClose(pooled.mean, mean(lambda, mu), tolerance: tol, "mean staleness (s)")
        assertDetects(mean(2 * lambda, mu), from: mean(lambda, mu), tolerance: tol, "λ doubled, mean")
        assertDetects(mean(lambda, 2 * mu), from: mean(lambda, mu), tolerance: tol, "μ doubled, mean")

        // Poisson glances see time averages: the time-weighted staleness has the same mean.
        // Its spread over replications is estimated from the replications themselves.
        let m = Stat.mean(timeAverages)
        let sdRuns = (timeAverages.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(timeAverages.count - 1)).squareRoot()
        assertClose(m, mean(lambda, mu), tolerance: Tolerance.mean(sd: sdRuns, n: timeAverages.count) + 0.05 * mean(lambda, mu),
                    "widget.staleness.timeAvg (s)")

        // The app asks for a reload only when a sync brings changes, so the widget's picture
        // keeps the read time of the last open that found new data. Backwards from a glance:
        // the time X ~ Exp(λ) to the last open, then, if the gap before that open held no edit
        // (probability λ/(λ+μ)), the edit-free gaps back to the last reload, whose total is
        // Exp(μ). So age = X + Y, Y = 0 with probability μ/(λ+μ), else Exp(μ):
        // E[age] = 1/λ + λ/(μ(λ+μ)), P(age > a) = μ/(λ+μ)·e^(−λa) + λ/(λ+μ)·(λe^(−μa) − μe^(−λa))/(λ−μ).
        func ageMean(_ l: Double, _ m: Double) -> Double { (1 / l + l / (m * (l + m))) * 3600 }
        func ageTail(_ a: Double, _ l: Double, _ m: Double) -> Double {
            let h = a / 3600
            return m / (l + m) * exp(-l * h) + l / (l + m) * (l * exp(-m * h) - m * exp(-l * h)) / (l - m)
        }
        let ageSD = 3600 * (1 / (lambda * lambda) + (lambda / (lambda + mu)) * (2 - lambda / (lambda + mu)) / (mu * mu)).squareRoot()
        // The age renews only at reloads, which come at rate λμ/(λ+μ).
        let nAge = Stat.effective(ages.count, inflation: Stat.inflation(glances: g, renewals: lambda * mu / (lambda + mu)))
        let ageTol = Tolerance.mean(sd: ageSD, n: nAge)
        assertClose(Stat.mean(ages), ageMean(lambda, mu), tolerance: ageTol, "mean widget.age (s)")
        assertDetects(3600 / lambda, from: ageMean(lambda, mu), tolerance: ageTol, "a reload at every open")
        for a in [1800.0, 3600, 7200] {
            let expected = ageTail(a, lambda, mu)
            let share = Double(ages.filter { $0 > a }.count) / Double(ages.count)
            assertClose(share, expected, tolerance: Stat.binomial(expected, n: nAge), "P(widget.age > \(Int(a)) s)")
        }
    }

    // MARK: Widget with its own requests (§25.9: "the refresh budget")

    /// The provider fetches at every reload (maxAge 0) and reloads on a fixed hint T aligned to
    /// the clock; no app opens, no push. The age at a glance is then uniform on [0, T].
    func testSelfFetchingWidgetAgeIsUniformOverTheHint() {
        let hint = 30 * Time.minute, T = Time.seconds(30 * Time.minute)
        var p = WidgetSetUp.closedForm()
        p.widget.fetchesOwnData = true
        p.widget.maxAge = 0
        p.widget.reloadAfter = hint
        p.widget.jitter = 0
        p.user.appOpens = Rate(perHour: 0)
        p.push.onChange = false
        p.elsewhere.edits = Rate(perHour: 0)
        p.budgetBoundsNothing(reloadsPerDay: 48)
        // Glances with a mean gap of 2T: their phases within the hint period are nearly
        // independent. Consecutive phases are correlated through the first harmonic at most,
        // |E e^(2πiX/T)| = 1/√(1+(2π·2)²) ≈ 0.08 for X ~ Exp(mean 2T).
        let g = 3600 / (2 * T)
        p.observe.widgetGlances = Rate(perHour: g)
        let pooled = Pooled(p, seeds: 17, base: 2_000, samples: .widgetAge)
        let rho = 1 / (1 + pow(2 * Double.pi * 2, 2)).squareRoot()
        let nEff = Stat.effective(pooled.n, inflation: (1 + rho) / (1 - rho))
        XCTAssertGreaterThan(nEff, 3_000)

        XCTAssertGreaterThanOrEqual(pooled.samples.min() ?? -1, 0)
        XCTAssertLessThanOrEqual(pooled.samples.max() ?? .infinity, T, "the data is never older than the hint")
        for q in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let tol = Stat.binomial(q, n: nEff)
            assertClose(pooled.shareAtMost(q * T), q, tolerance: tol, "ECDF of widget.age at \(q)·T")
        }
        let tol = Tolerance.mean(sd: T / 12.0.squareRoot(), n: nEff)
        assertClose(pooled.mean, T / 2, tolerance: tol, "mean widget.age (s)")
        assertDetects(T, from: T / 2, tolerance: tol, "hint doubled")
    }

    // MARK: Widget reloaded after a push wake (§25.9: "whether the push wake is granted")

    /// Each change elsewhere sends a silent push; the wake is refused with probability p,
    /// else the woken app syncs, writes the projection and requests a reload. The widget is
    /// stale exactly when the last change was refused: P(stale) = p, and given stale the
    /// staleness is the time since the first change after the last granted wake, which is
    /// exponential with rate (1−p)μ.
    func testPushWokenWidgetIsStaleWithTheRefusalProbability() {
        let mu = 3.0, refusal = 0.4, g = 4.0
        var p = WidgetSetUp.closedForm()
        p.push.onChange = true
        p.push.wakeRefusal = refusal
        p.widget.fetchesOwnData = false
        p.widget.reloadAfter = WidgetSetUp.noHints
        p.user.appOpens = Rate(perHour: 0)
        p.elsewhere.edits = Rate(perHour: mu)
        p.observe.widgetGlances = Rate(perHour: g)
        let pooled = Pooled(p, seeds: 16, base: 3_000, samples: .widgetStaleness, value: .widgetBlank)
        XCTAssertEqual(pooled.meanValue, 0, "the widget shows data at every glance after the warm-up")
        let granted = (1 - refusal) * mu
        let inflation = Stat.inflation(glances: g, renewals: granted)
        let nEff = Stat.effective(pooled.n, inflation: inflation)
        XCTAssertGreaterThan(nEff, 2_000)

        let tolStale = Stat.binomial(refusal, n: nEff)
        assertClose(pooled.shareAbove(0), refusal, tolerance: tolStale, "P(stale)")
        assertDetects(2 * refusal, from: refusal, tolerance: tolStale, "refusal doubled")

        let stale = pooled.above(0)
        let nStale = Stat.effective(stale.count, inflation: inflation)
        let meanGivenStale = 3600 / granted
        let tolMean = Tolerance.mean(sd: meanGivenStale, n: nStale)
        assertClose(Stat.mean(stale), meanGivenStale, tolerance: tolMean, "mean staleness given stale (s)")
        assertDetects(3600 / mu, from: meanGivenStale, tolerance: tolMean, "rate μ instead of (1−p)μ")
        assertDetects(3600 / (2 * granted), from: meanGivenStale, tolerance: tolMean, "rate doubled")
        for (tailAt, checkPower) in [(1800.0, true), (3600.0, false)] {
            let tail = exp(-granted * tailAt / 3600)
            let share = Double(stale.filter { $0 > tailAt }.count) / Double(stale.count)
            let tolTail = Stat.binomial(tail, n: nStale)
            assertClose(share, tail, tolerance: tolTail, "P(staleness > \(Int(tailAt)) s | stale)")
            if checkPower { assertDetects(exp(-2 * granted * tailAt / 3600), from: tail, tolerance: tolTail, "rate doubled, tail") }
        }
    }
}

extension Parameters {
    /// Keeps the widget's budget out of the way of `reloadsPerDay` charged reloads.
    mutating func budgetBoundsNothing(reloadsPerDay: Int) {
        widget.budgetPerDay = max(widget.budgetPerDay, 10 * reloadsPerDay)
    }
}
