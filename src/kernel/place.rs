//! Where things are: where a monster ends an encounter ([`Place`]) and where an AH2e investigator is
//! ([`Location`]). `as_str` is the one machine spelling, the strings of the result object
//! (`monsters[i].where`, `investigator.location`) and of the script API. Imports nothing outside the
//! kernel.

use serde::{Serialize, Serializer};

/// Where a monster is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// Still on the space (not defeated; EH keeps its Health tokens on it).
    Space,
    /// Returned to the monster cup.
    Cup,
    /// Taken as a trophy (AH2e).
    Trophy,
    /// AH2e: the combat ended without defeating it.
    Evaded,
    /// AH2e: returned to the box, no trophy (the Mi-Go, the Warlock).
    Box,
}

impl Place {
    pub fn as_str(self) -> &'static str {
        match self {
            Place::Space => "space",
            Place::Cup => "cup",
            Place::Trophy => "trophy",
            Place::Evaded => "evaded",
            Place::Box => "box",
        }
    }
}

impl Serialize for Place {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Where an AH2e investigator is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Location {
    /// Arkham's streets and locations (where an investigator starts by default).
    Arkham,
    /// An Other World, through a gate.
    OtherWorld,
    LostInTimeAndSpace,
    StMarysHospital,
    ArkhamAsylum,
}

impl Location {
    pub const ALL: [Location; 5] = [
        Location::Arkham,
        Location::OtherWorld,
        Location::LostInTimeAndSpace,
        Location::StMarysHospital,
        Location::ArkhamAsylum,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Location::Arkham => "arkham",
            Location::OtherWorld => "other_world",
            Location::LostInTimeAndSpace => "lost_in_time_and_space",
            Location::StMarysHospital => "st_marys_hospital",
            Location::ArkhamAsylum => "arkham_asylum",
        }
    }

    pub fn parse(s: &str) -> Option<Location> {
        Location::ALL.into_iter().find(|l| l.as_str() == s)
    }

    /// Where a scenario may start the investigator (`location`).
    pub fn is_start(self) -> bool {
        matches!(self, Location::Arkham | Location::OtherWorld)
    }
}

impl Serialize for Location {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_spelled_as_the_result_object_contract_writes_them() {
        let spelled: Vec<&str> = [Place::Space, Place::Cup, Place::Trophy, Place::Evaded]
            .into_iter()
            .map(Place::as_str)
            .collect();
        assert_eq!(spelled, ["space", "cup", "trophy", "evaded"]);
    }

    #[test]
    fn every_location_of_the_contract_reads_back_as_itself_and_only_two_are_starts() {
        for s in [
            "arkham",
            "st_marys_hospital",
            "arkham_asylum",
            "other_world",
            "lost_in_time_and_space",
        ] {
            assert_eq!(Location::parse(s).map(Location::as_str), Some(s));
        }
        let starts: Vec<&str> = Location::ALL
            .into_iter()
            .filter(|l| l.is_start())
            .map(Location::as_str)
            .collect();
        assert_eq!(starts, ["arkham", "other_world"]);
        assert_eq!(Location::parse("innsmouth"), None);
    }
}
