/// Sex, as the Harris–Benedict equations and the activity factors distinguish it.
public enum Sex: String, Sendable, Hashable, Codable, CaseIterable {
    /// Female.
    case female
    /// Male.
    case male
}

/// How active a person is: the recipe app's five levels, each with an activity factor
/// (``MealPlanner/activityFactor(_:sex:)``), chosen by hours of exercise a day
/// (``init(exerciseHoursPerDay:)``).
public enum ActivityLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Under half an hour of exercise a day.
    case none
    /// Half an hour to under an hour a day.
    case light
    /// One to under two hours a day.
    case moderate
    /// Two to under three hours a day.
    case medium
    /// Three hours or more a day: hard training or physical work.
    case heavy

    /// The level for hours of exercise (or physical work) on an average day.
    ///
    /// The recipe app asks for hours of exercise a day. Each band includes its lower end and
    /// excludes its upper end: under ½ h none, ½ to under 1 h light, 1 to under 2 h moderate, 2 to
    /// under 3 h medium, 3 h or more heavy. The bands are set so the factors (1.4 to 2.1) meet the
    /// physical activity levels of FAO/WHO/UNU's *Human energy requirements* (2001): sedentary
    /// 1.40–1.69, active 1.70–1.99, vigorous 2.00–2.40, where about an hour of moderate-to-vigorous
    /// exercise a day lifts a sedentary person to about 1.75, and vigorous levels belong to people
    /// who exercise hard for two hours a day or more, or do heavy physical work.
    ///
    /// Earlier versions read the same numbers as hours a **week** (1, 3, 5, 7). That is not kept as
    /// an alternative: it put a person who exercises an hour every day at `heavy` (2.1 for men),
    /// about a fifth more energy than the FAO levels give. A week's hours divided by 7 give the
    /// daily average this initializer takes.
    /// - Parameter hours: hours a day, from 0 to 24.
    /// - Returns: the level, or `nil` for a negative, non-finite or over-24 value.
    public init?(exerciseHoursPerDay hours: Double) {
        guard hours.isFinite, (0...24).contains(hours) else { return nil }
        switch hours {
        case ..<0.5: self = .none
        case ..<1: self = .light
        case ..<2: self = .moderate
        case ..<3: self = .medium
        default: self = .heavy
        }
    }
}

/// What a person wants their meals to do: it sets the macro split
/// (``MealPlanner/energyShares(_:)``) and the energy adjustment (``MealPlanner/energyAdjustment(_:)``).
public enum Goal: String, Sendable, Hashable, Codable, CaseIterable {
    /// Lose weight: a high-protein split and a daily deficit.
    case loseWeight = "lose-weight"
    /// Gain muscle: a high-carbohydrate split and a daily surplus.
    case gainMuscle = "gain-muscle"
}

/// The body measurements the meal planner works from.
public struct BodyProfile: Sendable, Hashable, Codable {
    /// Sex.
    public var sex: Sex
    /// Weight in kilograms.
    public var weightKilograms: Double
    /// Height in centimetres.
    public var heightCentimeters: Double
    /// Age in whole years.
    public var ageYears: Int
    /// Activity level.
    public var activity: ActivityLevel
    /// Goal.
    public var goal: Goal

    /// Plausible adult values; outside them the Harris–Benedict equations (fitted on adults of
    /// ordinary build) say nothing useful, and the value is more likely a typing slip.
    public static let weightRange = 30.0...300.0
    /// Plausible heights in centimetres.
    public static let heightRange = 120.0...230.0
    /// Plausible ages in years; the equations were derived from adults, so children are refused.
    public static let ageRange = 15...100

    /// Creates a profile; ``validated()`` checks it.
    public init(
        sex: Sex, weightKilograms: Double, heightCentimeters: Double, ageYears: Int, activity: ActivityLevel,
        goal: Goal
    ) {
        self.sex = sex
        self.weightKilograms = weightKilograms
        self.heightCentimeters = heightCentimeters
        self.ageYears = ageYears
        self.activity = activity
        self.goal = goal
    }

    /// The profile itself if every value is plausible.
    /// - Throws: ``MealPlanError/implausible(_:)`` listing every value outside its range (NaN included).
    public func validated() throws(MealPlanError) -> BodyProfile {
        var problems: [ImplausibleValue] = []
        if !Self.weightRange.contains(weightKilograms) {
            problems.append(.init(field: .weight, value: weightKilograms, allowed: Self.weightRange))
        }
        if !Self.heightRange.contains(heightCentimeters) {
            problems.append(.init(field: .height, value: heightCentimeters, allowed: Self.heightRange))
        }
        if !Self.ageRange.contains(ageYears) {
            problems.append(
                .init(
                    field: .age, value: Double(ageYears),
                    allowed: Double(Self.ageRange.lowerBound)...Double(Self.ageRange.upperBound)))
        }
        guard problems.isEmpty else { throw .implausible(problems) }
        return self
    }
}

/// A body value outside the plausible range.
public struct ImplausibleValue: Sendable, Hashable, CustomStringConvertible {
    /// Which measurement.
    public enum Field: String, Sendable, Hashable {
        /// Weight in kilograms.
        case weight
        /// Height in centimetres.
        case height
        /// Age in years.
        case age
    }

    /// The measurement.
    public var field: Field
    /// The value given.
    public var value: Double
    /// The values accepted.
    public var allowed: ClosedRange<Double>

    /// Creates a description of a bad value.
    public init(field: Field, value: Double, allowed: ClosedRange<Double>) {
        self.field = field
        self.value = value
        self.allowed = allowed
    }

    /// For example "weight 12.0 is outside 30.0…300.0".
    public var description: String {
        "\(field.rawValue) \(value) is outside \(allowed.lowerBound)…\(allowed.upperBound)"
    }
}
