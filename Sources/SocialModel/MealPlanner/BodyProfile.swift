/// Sex, as the Harris–Benedict equations and the activity factors distinguish it.
public enum Sex: String, Sendable, Hashable, Codable, CaseIterable {
    /// Female.
    case female
    /// Male.
    case male
}

/// How active a person is.
public enum ActivityLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// No exercise.
    case none
    /// Light exercise.
    case light
    /// Moderate exercise.
    case moderate
    /// Frequent exercise.
    case medium
    /// Hard daily exercise or physical work.
    case heavy

    /// The level for hours of exercise a week.
    ///
    /// The original app described the levels by hours with ranges that overlapped at their ends;
    /// here each range includes its lower end and excludes its upper end, so a boundary belongs
    /// to the more active level: under 1 h none, 1 to under 3 h light, 3 to under 5 h moderate,
    /// 5 to under 7 h medium, 7 h or more heavy.
    public init?(exerciseHoursPerWeek hours: Double) {
        guard hours.isFinite, hours >= 0 else { return nil }
        switch hours {
        case ..<1: self = .none
        case ..<3: self = .light
        case ..<5: self = .moderate
        case ..<7: self = .medium
        default: self = .heavy
        }
    }
}

/// What a person wants their meals to do.
public enum Goal: String, Sendable, Hashable, Codable, CaseIterable {
    /// Lose weight: a high-protein split.
    case loseWeight = "lose-weight"
    /// Gain muscle: a high-carbohydrate split.
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
