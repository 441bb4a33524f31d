//! The stored form of a residence event is the module event's own externally tagged JSON
//! (`{"EncaissementEnregistre": {...}}`): the top enum [`super::GrandLivreEvent`] adds no level
//! of its own, so events written before modules had enums of their own read back unchanged
//! and every event type name stays unique across modules.
//!
//! Writing needs nothing special (`#[serde(untagged)]` writes the inner event as it is).
//! Reading dispatches on the tag without buffering the payload: [`owns`] asks a module's
//! derived `Deserialize` whether the tag is one of its variants (serde hands the variant names
//! to `deserialize_enum`), then [`TaggedValue`] feeds the module the tag it already read and
//! the value that follows it.

use std::fmt;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer,
    VariantAccess, Visitor,
};

/// Why a probe stopped: it never reads data, it only learns whether the tag is a variant.
#[derive(Debug)]
enum Probe {
    Owned,
    NotOwned,
    NotAnEnum,
}

impl fmt::Display for Probe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for Probe {}

impl de::Error for Probe {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Probe::NotAnEnum
    }
}

struct ProbeDeserializer<'a> {
    tag: &'a str,
}

impl<'de> Deserializer<'de> for ProbeDeserializer<'_> {
    type Error = Probe;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probe> {
        Err(Probe::NotAnEnum)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Probe> {
        if variants.contains(&self.tag) {
            Err(Probe::Owned)
        } else {
            Err(Probe::NotOwned)
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier
        ignored_any
    }
}

/// Whether the externally tagged enum `E` has a variant named `tag`.
pub(crate) fn owns<E: DeserializeOwned>(tag: &str) -> bool {
    matches!(E::deserialize(ProbeDeserializer { tag }), Err(Probe::Owned))
}

/// An externally tagged enum whose tag was already read: `tag` and the deserializer of the value
/// that follows it in the map.
struct TaggedValue<'a, D> {
    tag: &'a str,
    value: D,
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for TaggedValue<'_, D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        visitor.visit_enum(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier
        ignored_any
    }
}

impl<'de, D: Deserializer<'de>> EnumAccess<'de> for TaggedValue<'_, D> {
    type Error = D::Error;
    type Variant = VariantContent<D>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, VariantContent<D>), D::Error> {
        let tag: de::value::StrDeserializer<'_, D::Error> = self.tag.into_deserializer();
        Ok((seed.deserialize(tag)?, VariantContent(self.value)))
    }
}

/// The variant's content is the value that followed the tag, read by its own deserializer.
pub(crate) struct VariantContent<D>(D);

impl<'de, D: Deserializer<'de>> VariantAccess<'de> for VariantContent<D> {
    type Error = D::Error;

    fn unit_variant(self) -> Result<(), D::Error> {
        de::Deserialize::deserialize(self.0)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, D::Error> {
        seed.deserialize(self.0)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_struct("", fields, visitor)
    }
}

/// Reads the value that follows `tag` as module event `E`.
pub(crate) struct ModuleSeed<'a, E> {
    tag: &'a str,
    module: std::marker::PhantomData<E>,
}

impl<'a, E> ModuleSeed<'a, E> {
    pub(crate) fn new(tag: &'a str) -> Self {
        ModuleSeed {
            tag,
            module: std::marker::PhantomData,
        }
    }
}

impl<'de, E: de::Deserialize<'de>> DeserializeSeed<'de> for ModuleSeed<'_, E> {
    type Value = E;

    fn deserialize<D: Deserializer<'de>>(self, value: D) -> Result<E, D::Error> {
        E::deserialize(TaggedValue {
            tag: self.tag,
            value,
        })
    }
}
