//! The Princess & the Dragon (RULES.md §14): the dragon ([`dragon`]), the
//! fairy ([`fairy`]), the princess and the magic portal ([`princess`]).

pub mod dragon;
pub mod fairy;
pub mod notes;
pub mod princess;
pub mod problem;
