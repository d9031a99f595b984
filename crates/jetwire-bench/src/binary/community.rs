//! The shapes of the four data sets of the community Rust serialization benchmark: `log`
//! (HTTP log lines), `mesh` (triangles of f32), `minecraft_savedata` (deeply structured player
//! saves) and `mk48` (game updates with weighted enums and skewed numbers), generated here with
//! the same structure and similar value distributions.

use crate::workloads::Size;
use crate::workloads::rng::Rng;

// ---- Log -----------------------------------------------------------------------------------

every_format! {
    /// 10,000 HTTP log lines.
    pub struct Logs {
        pub logs: Vec<Log>,
    }

    /// One log line. In jetwire's column layout (`#[jetwire(columnar)]`, opt-in): a sequence
    /// of lines is written in blocks, field by field, as bitcode writes every sequence of
    /// structs; docs/benchmarks.md also gives the row layout's figures.
    #[jetwire(columnar)]
    pub struct Log {
        pub address: Address,
        pub identity: String,
        pub userid: String,
        pub date: String,
        pub request: String,
        pub code: u16,
        pub size: u64,
    }

    /// An IPv4 address.
    pub struct Address {
        pub x0: u8,
        pub x1: u8,
        pub x2: u8,
        pub x3: u8,
    }
}

every_decoder! {
    /// [`Logs`] with borrowed strings.
    pub struct LogsRef<'a> {
        #[serde(borrow)]
        pub logs: Vec<LogRef<'a>>,
    }

    /// [`Log`] with borrowed strings, in the same column layout.
    #[jetwire(columnar)]
    pub struct LogRef<'a> {
        pub address: AddressRef,
        pub identity: &'a str,
        pub userid: &'a str,
        pub date: &'a str,
        pub request: &'a str,
        pub code: u16,
        pub size: u64,
    }

    /// [`Address`], for the borrowed model.
    pub struct AddressRef {
        pub x0: u8,
        pub x1: u8,
        pub x2: u8,
        pub x3: u8,
    }
}

const METHODS: &[&str] = &["GET", "POST", "PUT", "DELETE", "HEAD"];
const CODES: &[u16] = &[200, 200, 200, 200, 301, 304, 404, 500];

/// 10,000 log lines.
pub fn logs(rng: &mut Rng, size: Size) -> Logs {
    let logs = (0..size.count(10_000))
        .map(|_| Log {
            address: Address {
                x0: rng.below(256) as u8,
                x1: rng.below(256) as u8,
                x2: rng.below(256) as u8,
                x3: rng.below(256) as u8,
            },
            identity: if rng.chance(0.8) { "-".to_owned() } else { rng.word(6) },
            userid: if rng.chance(0.5) { "-".to_owned() } else { rng.word(8) },
            date: format!(
                "{:02}/{}/{} {:02}:{:02}:{:02} -0700",
                1 + rng.below(28),
                rng.pick(&["Jan", "Feb", "Mar", "Apr", "May", "Jun"]),
                1995 + rng.below(30),
                rng.below(24),
                rng.below(60),
                rng.below(60)
            ),
            request: format!(
                "{} /{}/{}.{} HTTP/1.{}",
                rng.pick(METHODS),
                {
                    let n = 1 + rng.below(10) as usize;
                    rng.word(n)
                },
                {
                    let n = 1 + rng.below(12) as usize;
                    rng.word(n)
                },
                rng.pick(&["html", "png", "js", "css", "gif"]),
                rng.below(2)
            ),
            code: *rng.pick(CODES),
            size: rng.below(100_000_000) >> rng.below(20),
        })
        .collect();
    Logs { logs }
}

// ---- Mesh ----------------------------------------------------------------------------------

every_format! {
    /// 125,000 triangles.
    pub struct Mesh {
        pub triangles: Vec<Triangle>,
    }

    /// Three vertices and a normal.
    pub struct Triangle {
        pub v0: Vector3,
        pub v1: Vector3,
        pub v2: Vector3,
        pub normal: Vector3,
    }

    /// Three floats.
    pub struct Vector3 {
        pub x: f32,
        pub y: f32,
        pub z: f32,
    }
}

/// 125,000 triangles.
pub fn mesh(rng: &mut Rng, size: Size) -> Mesh {
    let mut v = || Vector3 {
        x: rng.float(-10.0, 10.0) as f32,
        y: rng.float(-10.0, 10.0) as f32,
        z: rng.float(-10.0, 10.0) as f32,
    };
    Mesh {
        triangles: (0..size.count(125_000))
            .map(|_| Triangle { v0: v(), v1: v(), v2: v(), normal: v() })
            .collect(),
    }
}

// ---- SaveData ------------------------------------------------------------------------------

every_format! {
    /// 500 player saves.
    pub struct SaveData {
        pub players: Vec<Player>,
    }

    /// A game mode.
    pub enum GameType {
        Survival,
        Creative,
        Adventure,
        Spectator,
    }

    /// An inventory slot.
    pub struct Item {
        pub count: i8,
        pub slot: u8,
        pub id: String,
    }

    /// What a player may do.
    pub struct Abilities {
        pub walk_speed: f32,
        pub fly_speed: f32,
        pub may_fly: bool,
        pub flying: bool,
        pub invulnerable: bool,
        pub may_build: bool,
        pub instabuild: bool,
    }

    /// A creature or object in the world.
    pub struct Entity {
        pub id: String,
        pub pos: (f64, f64, f64),
        pub motion: (f64, f64, f64),
        pub rotation: (f32, f32),
        pub fall_distance: f32,
        pub fire: u16,
        pub air: u16,
        pub on_ground: bool,
        pub no_gravity: bool,
        pub invulnerable: bool,
        pub portal_cooldown: i32,
        pub uuid: [u32; 4],
        pub custom_name: Option<String>,
        pub custom_name_visible: bool,
        pub silent: bool,
        pub glowing: bool,
        pub tags: Option<Vec<String>>,
    }

    /// What a player rides.
    pub struct RootVehicle {
        pub attach: [u32; 4],
        pub entity: Entity,
    }

    /// The recipes a player has seen.
    pub struct RecipeBook {
        pub recipes: Vec<String>,
        pub to_be_displayed: Vec<String>,
        pub is_filtering_craftable: bool,
        pub is_gui_open: bool,
        pub is_furnace_filtering_craftable: bool,
        pub is_furnace_gui_open: bool,
    }

    /// One player's save.
    pub struct Player {
        pub game_type: GameType,
        pub previous_game_type: GameType,
        pub score: i64,
        pub dimension: String,
        pub selected_item_slot: u32,
        pub selected_item: Item,
        pub spawn_dimension: Option<String>,
        pub spawn_x: i64,
        pub spawn_y: i64,
        pub spawn_z: i64,
        pub spawn_forced: Option<bool>,
        pub sleep_timer: u16,
        pub food_exhaustion_level: f32,
        pub food_saturation_level: f32,
        pub food_tick_timer: u32,
        pub xp_level: u32,
        pub xp_p: f32,
        pub xp_total: i32,
        pub xp_seed: i32,
        pub inventory: Vec<Item>,
        pub ender_items: Vec<Item>,
        pub abilities: Abilities,
        pub entered_nether_position: Option<(f64, f64, f64)>,
        pub root_vehicle: Option<RootVehicle>,
        pub shoulder_entity_left: Option<Entity>,
        pub shoulder_entity_right: Option<Entity>,
        pub seen_credits: bool,
        pub recipe_book: RecipeBook,
    }
}

fn game_type(rng: &mut Rng) -> GameType {
    match rng.below(4) {
        0 => GameType::Survival,
        1 => GameType::Creative,
        2 => GameType::Adventure,
        _ => GameType::Spectator,
    }
}

fn item(rng: &mut Rng) -> Item {
    let len = 4 + rng.below(10) as usize;
    Item { count: rng.below(64) as i8, slot: rng.below(36) as u8, id: format!("minecraft:{}", rng.word(len)) }
}

fn entity(rng: &mut Rng) -> Entity {
    let mut f = |lo: f64, hi: f64| rng.float(lo, hi);
    let pos = (f(-1e4, 1e4), f(0.0, 256.0), f(-1e4, 1e4));
    let motion = (f(-1.0, 1.0), f(-1.0, 1.0), f(-1.0, 1.0));
    let rotation = (f(0.0, 360.0) as f32, f(-90.0, 90.0) as f32);
    Entity {
        id: format!("minecraft:{}", rng.word(6)),
        pos,
        motion,
        rotation,
        fall_distance: rng.float(0.0, 10.0) as f32,
        fire: rng.below(20) as u16,
        air: 300,
        on_ground: rng.chance(0.8),
        no_gravity: rng.chance(0.1),
        invulnerable: rng.chance(0.1),
        portal_cooldown: rng.below(100) as i32,
        uuid: [rng.next_u64() as u32, rng.next_u64() as u32, rng.next_u64() as u32, rng.next_u64() as u32],
        custom_name: rng.chance(0.3).then(|| rng.word(8)),
        custom_name_visible: rng.chance(0.2),
        silent: rng.chance(0.1),
        glowing: rng.chance(0.1),
        tags: rng.chance(0.3).then(|| (0..rng.below(4)).map(|_| rng.word(5)).collect()),
    }
}

fn player(rng: &mut Rng) -> Player {
    Player {
        game_type: game_type(rng),
        previous_game_type: game_type(rng),
        score: rng.below(100_000) as i64,
        dimension: rng
            .pick(&["minecraft:overworld", "minecraft:the_nether", "minecraft:the_end"])
            .to_string(),
        selected_item_slot: rng.below(9) as u32,
        selected_item: item(rng),
        spawn_dimension: rng.chance(0.5).then(|| "minecraft:overworld".to_owned()),
        spawn_x: rng.below(20_000) as i64 - 10_000,
        spawn_y: rng.below(256) as i64,
        spawn_z: rng.below(20_000) as i64 - 10_000,
        spawn_forced: rng.chance(0.5).then(|| rng.chance(0.5)),
        sleep_timer: rng.below(100) as u16,
        food_exhaustion_level: rng.float(0.0, 4.0) as f32,
        food_saturation_level: rng.float(0.0, 20.0) as f32,
        food_tick_timer: rng.below(80) as u32,
        xp_level: rng.below(100) as u32,
        xp_p: rng.float(0.0, 1.0) as f32,
        xp_total: rng.below(10_000) as i32,
        xp_seed: rng.next_u64() as i32,
        inventory: (0..rng.below(36)).map(|_| item(rng)).collect(),
        ender_items: (0..rng.below(27)).map(|_| item(rng)).collect(),
        abilities: Abilities {
            walk_speed: 0.1,
            fly_speed: 0.05,
            may_fly: rng.chance(0.5),
            flying: rng.chance(0.1),
            invulnerable: rng.chance(0.1),
            may_build: rng.chance(0.9),
            instabuild: rng.chance(0.1),
        },
        entered_nether_position: rng
            .chance(0.5)
            .then(|| (rng.float(-1e4, 1e4), rng.float(0.0, 128.0), rng.float(-1e4, 1e4))),
        root_vehicle: rng.chance(0.3).then(|| RootVehicle {
            attach: [
                rng.next_u64() as u32,
                rng.next_u64() as u32,
                rng.next_u64() as u32,
                rng.next_u64() as u32,
            ],
            entity: entity(rng),
        }),
        shoulder_entity_left: rng.chance(0.3).then(|| entity(rng)),
        shoulder_entity_right: rng.chance(0.3).then(|| entity(rng)),
        seen_credits: rng.chance(0.5),
        recipe_book: RecipeBook {
            recipes: (0..rng.below(30)).map(|_| format!("minecraft:{}", rng.word(8))).collect(),
            to_be_displayed: (0..rng.below(10)).map(|_| format!("minecraft:{}", rng.word(8))).collect(),
            is_filtering_craftable: rng.chance(0.5),
            is_gui_open: rng.chance(0.5),
            is_furnace_filtering_craftable: rng.chance(0.5),
            is_furnace_gui_open: rng.chance(0.5),
        },
    }
}

/// 500 player saves.
pub fn save_data(rng: &mut Rng, size: Size) -> SaveData {
    SaveData { players: (0..size.count(500)).map(|_| player(rng)).collect() }
}

// ---- GameUpdates ---------------------------------------------------------------------------

every_format! {
    /// 1,000 game updates.
    pub struct GameUpdates {
        pub updates: Vec<Update>,
    }

    /// What one player sees in one tick.
    pub struct Update {
        pub contacts: Vec<Contact>,
        pub score: u32,
        pub world_radius: f32,
        pub events: Vec<Event>,
    }

    /// Another entity in view.
    pub struct Contact {
        pub id: u32,
        pub entity_type: Option<EntityType>,
        pub player_id: Option<u16>,
        pub altitude: i8,
        pub angle: u16,
        pub position: (f32, f32),
        pub velocity: i16,
        pub direction_target: u16,
        pub submerge: bool,
        pub reloads: Vec<bool>,
        pub turret_angles: Vec<u16>,
    }

    /// The kind of an entity.
    pub enum EntityType {
        Barrel,
        Coin,
        Crate,
        Scrap,
        Torpedo,
        Mine,
        Missile,
        Shell,
        Rocket,
        Depositor,
        Dredger,
        Cruiser,
        Destroyer,
        Submarine,
        Battleship,
        Carrier,
        Tanker,
        Frigate,
        Corvette,
        Hovercraft,
    }

    /// Something that happened.
    pub enum Event {
        Sound { kind: u8, volume: f32 },
        Hit { damage: f32, by: u32 },
        Chat { from: String, text: String },
        Joined(u32),
        Left(u32),
    }
}

/// A weighted pick: most contacts are collectibles and projectiles.
fn entity_type(rng: &mut Rng) -> EntityType {
    use EntityType::*;
    const COMMON: [EntityType; 4] = [Barrel, Coin, Crate, Scrap];
    const WEAPONS: [EntityType; 5] = [Torpedo, Mine, Missile, Shell, Rocket];
    const BOATS: [EntityType; 11] = [
        Depositor, Dredger, Cruiser, Destroyer, Submarine, Battleship, Carrier, Tanker, Frigate, Corvette,
        Hovercraft,
    ];
    let roll = rng.below(100);
    if roll < 60 {
        COMMON[rng.below(4) as usize].clone()
    } else if roll < 85 {
        WEAPONS[rng.below(5) as usize].clone()
    } else {
        BOATS[rng.below(11) as usize].clone()
    }
}

/// A number skewed towards small values.
fn skewed(rng: &mut Rng, bits: u32) -> u64 {
    let shift = rng.below(u64::from(bits)) as u32;
    rng.next_u64() >> (64 - bits + shift)
}

fn contact(rng: &mut Rng) -> Contact {
    let is_boat = rng.chance(0.2);
    Contact {
        id: skewed(rng, 20) as u32,
        entity_type: rng.chance(0.95).then(|| entity_type(rng)),
        player_id: is_boat.then(|| skewed(rng, 10) as u16),
        altitude: (skewed(rng, 6) as i8) - 10,
        angle: rng.below(65536) as u16,
        position: (rng.float(-2000.0, 2000.0) as f32, rng.float(-2000.0, 2000.0) as f32),
        velocity: skewed(rng, 10) as i16,
        direction_target: rng.below(65536) as u16,
        submerge: rng.chance(0.05),
        reloads: if is_boat { (0..rng.below(6)).map(|_| rng.chance(0.7)).collect() } else { Vec::new() },
        turret_angles: if is_boat {
            (0..rng.below(4)).map(|_| rng.below(65536) as u16).collect()
        } else {
            Vec::new()
        },
    }
}

fn event(rng: &mut Rng) -> Event {
    match rng.below(10) {
        0..=4 => Event::Sound { kind: rng.below(16) as u8, volume: rng.float(0.0, 1.0) as f32 },
        5..=7 => Event::Hit { damage: rng.float(0.0, 50.0) as f32, by: skewed(rng, 20) as u32 },
        8 => {
            let len = 3 + rng.below(20) as usize;
            Event::Chat { from: rng.word(6), text: rng.word(len) }
        }
        _ => {
            if rng.chance(0.5) {
                Event::Joined(skewed(rng, 16) as u32)
            } else {
                Event::Left(skewed(rng, 16) as u32)
            }
        }
    }
}

/// 1,000 updates.
pub fn game_updates(rng: &mut Rng, size: Size) -> GameUpdates {
    let updates = (0..size.count(1000))
        .map(|_| Update {
            contacts: (0..rng.below(40)).map(|_| contact(rng)).collect(),
            score: skewed(rng, 24) as u32,
            world_radius: 1500.0,
            events: (0..skewed(rng, 3)).map(|_| event(rng)).collect(),
        })
        .collect();
    GameUpdates { updates }
}
