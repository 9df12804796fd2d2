/**
 * Generated extra sources for the source-selection benchmark: schemas and fact collections in
 * other vocabularies (hospitals, flights, music, weather…), each with a description, human names
 * and values, as a gateway would read them. Some columns hold things every domain has (cities,
 * countries, people's names), so a value like "Germany" is not unique to Northwind here either.
 * Deterministic: the same seed gives the same sources.
 */
import type { SourceTerms } from '../engines/source.js';
import { Random } from '../engines/query-graph/random-walk.js';

export interface ExtraSource {
  readonly id: string;
  readonly description: string;
  readonly terms: SourceTerms;
}

interface Domain {
  readonly topic: string;
  /** class -> attribute names; an attribute in VALUES gets values from that pool. */
  readonly classes: Readonly<Record<string, readonly string[]>>;
  readonly values: Readonly<Record<string, readonly string[]>>;
}

const CITIES = ['London', 'Paris', 'Berlin', 'Madrid', 'Rome', 'Lisbon', 'Vienna', 'Oslo', 'Tokyo', 'Osaka', 'Chicago', 'Toronto', 'Sydney', 'Lyon', 'Munich', 'Seattle', 'Boston', 'Dublin', 'Prague', 'Warsaw'];
const COUNTRIES = ['Germany', 'France', 'Spain', 'Italy', 'Portugal', 'Austria', 'Norway', 'Japan', 'Canada', 'Australia', 'Ireland', 'Poland', 'Brazil', 'Mexico', 'India', 'Kenya', 'Chile', 'Sweden', 'UK', 'USA'];
const FIRST = ['Maria', 'John', 'Aisha', 'Wei', 'Carlos', 'Olga', 'Pierre', 'Yuki', 'Fatima', 'Liam', 'Noah', 'Emma', 'Sofia', 'Lucas', 'Mateo', 'Hana', 'Ravi', 'Ingrid', 'Tomas', 'Elena', 'Robert', 'Anne', 'Margaret', 'Andrew', 'Laura'];
const LAST = ['Garcia', 'Smith', 'Khan', 'Chen', 'Silva', 'Ivanova', 'Dubois', 'Tanaka', 'Okafor', 'Murphy', 'Novak', 'Rossi', 'Jensen', 'Kowalski', 'Haddad', 'Patel', 'Larsen', 'Moreau', 'Schmidt', 'Brown'];

const DOMAINS: readonly Domain[] = [
  {
    topic: 'hospital records',
    classes: { Patient: ['FullName', 'DateOfBirth', 'BloodType', 'City'], Doctor: ['FullName', 'Specialty'], Ward: ['WardName', 'Floor'], Admission: ['AdmittedOn', 'Diagnosis'] },
    values: { Specialty: ['Cardiology', 'Oncology', 'Neurology', 'Pediatrics', 'Radiology', 'Dermatology'], Diagnosis: ['Influenza', 'Pneumonia', 'Fracture', 'Asthma', 'Appendicitis', 'Migraine'], WardName: ['Maple Ward', 'Cedar Ward', 'Intensive Care', 'Maternity'], BloodType: ['A positive', 'O negative', 'AB positive'] },
  },
  {
    topic: 'a public library',
    classes: { Book: ['Title', 'Isbn', 'Genre', 'PublishedYear'], Author: ['FullName', 'Nationality'], Loan: ['LoanDate', 'DueDate'], Member: ['FullName', 'City'] },
    values: { Genre: ['Mystery', 'Romance', 'Science Fiction', 'Biography', 'Poetry', 'Fantasy'], Title: ['The Silent Harbour', 'Winter Orchard', 'Echoes of Glass', 'The Last Cartographer', 'Paper Moons'], Nationality: COUNTRIES },
  },
  {
    topic: 'airline operations',
    classes: { Flight: ['FlightNumber', 'DepartureTime', 'ArrivalTime'], Airport: ['AirportName', 'City', 'Country', 'IataCode'], Aircraft: ['Model', 'Seats'], Passenger: ['FullName', 'Nationality'] },
    values: { Model: ['Boeing 737', 'Airbus A320', 'Embraer E190', 'Boeing 787'], AirportName: ['Heathrow', 'Schiphol', 'Narita', 'O Hare', 'Changi'], IataCode: ['LHR', 'AMS', 'NRT', 'ORD', 'SIN'] },
  },
  {
    topic: 'a university',
    classes: { Student: ['FullName', 'EnrollmentYear', 'Major'], Course: ['CourseTitle', 'Credits'], Professor: ['FullName', 'Department'], Enrollment: ['Grade', 'Semester'] },
    values: { Major: ['Mathematics', 'Physics', 'History', 'Linguistics', 'Chemistry', 'Economics'], Department: ['Mathematics', 'Physics', 'History', 'Philosophy'], CourseTitle: ['Linear Algebra', 'Organic Chemistry', 'Medieval History', 'Microeconomics'], Semester: ['Autumn', 'Spring'] },
  },
  {
    topic: 'a music catalogue',
    classes: { Artist: ['ArtistName', 'Genre', 'Country'], Album: ['AlbumTitle', 'ReleaseYear', 'RecordLabel'], Track: ['TrackTitle', 'DurationSeconds'], Playlist: ['PlaylistName'] },
    values: { Genre: ['Jazz', 'Rock', 'Hip Hop', 'Classical', 'Reggae', 'Techno'], RecordLabel: ['Blue Heron Records', 'Northern Lights Music', 'Vinyl Street'], AlbumTitle: ['Midnight Tides', 'Concrete Gardens', 'Northern Songs'] },
  },
  {
    topic: 'a football league',
    classes: { Team: ['TeamName', 'City', 'Stadium'], Player: ['FullName', 'Position', 'Nationality'], Match: ['MatchDate', 'HomeGoals', 'AwayGoals'], Season: ['SeasonName'] },
    values: { Position: ['Goalkeeper', 'Defender', 'Midfielder', 'Striker'], Stadium: ['Riverside Arena', 'Kingsway Park', 'Old Foundry Ground'], TeamName: ['Red Falcons', 'Harbour United', 'Athletic Valley'] },
  },
  {
    topic: 'weather observations',
    classes: { Station: ['StationName', 'Latitude', 'Longitude', 'Country'], Reading: ['Temperature', 'Humidity', 'WindSpeed', 'Precipitation', 'ObservedAt'], Alert: ['Severity', 'AlertType'] },
    values: { AlertType: ['Storm', 'Heatwave', 'Flood', 'Frost', 'Fog'], Severity: ['Minor', 'Severe', 'Extreme'], StationName: ['Hilltop Station', 'Coastal Buoy 4', 'Airport Mast'] },
  },
  {
    topic: 'real estate listings',
    classes: { Property: ['StreetAddress', 'AskingPrice', 'Bedrooms', 'City'], Agent: ['FullName', 'Agency'], Listing: ['ListedOn', 'Status'], Viewing: ['ViewingDate'] },
    values: { Agency: ['Keystone Homes', 'Brick & Mortar Realty', 'Open Door Estates'], Status: ['For sale', 'Under offer', 'Sold'] },
  },
  {
    topic: 'films and cinemas',
    classes: { Film: ['FilmTitle', 'Genre', 'ReleaseYear', 'BudgetMillions'], Actor: ['FullName', 'BirthYear'], Director: ['FullName'], Review: ['Rating', 'Critic'] },
    values: { Genre: ['Thriller', 'Comedy', 'Documentary', 'Animation', 'Western', 'Horror'], FilmTitle: ['The Glass Road', 'Night Harbour', 'Seven Lanterns', 'Dust and Thunder'] },
  },
  {
    topic: 'restaurants and reservations',
    classes: { Restaurant: ['RestaurantName', 'Cuisine', 'City', 'Rating'], Dish: ['DishName', 'MenuPrice'], Reservation: ['ReservedFor', 'PartySize'], Chef: ['FullName'] },
    values: { Cuisine: ['Italian', 'Thai', 'Mexican', 'Ethiopian', 'Japanese', 'Lebanese'], DishName: ['Pad Thai', 'Risotto', 'Tacos al Pastor', 'Ramen', 'Falafel'] },
  },
  {
    topic: 'retail banking',
    classes: { Account: ['AccountNumber', 'Balance', 'OpenedOn'], Transaction: ['Amount', 'TransactionType'], Branch: ['BranchName', 'City'], Loan: ['Principal', 'InterestRate'] },
    values: { TransactionType: ['Deposit', 'Withdrawal', 'Transfer', 'Card payment'], BranchName: ['High Street', 'Riverside', 'Old Town'] },
  },
  {
    topic: 'a vehicle fleet',
    classes: { Vehicle: ['Plate', 'Make', 'VehicleModel', 'ModelYear'], Driver: ['FullName', 'LicenceClass'], Trip: ['DistanceKm', 'FuelLitres', 'StartedAt'], Depot: ['DepotName', 'City'] },
    values: { Make: ['Volvo', 'Scania', 'Ford', 'Toyota', 'Renault'], LicenceClass: ['C1', 'CE', 'B'] },
  },
  {
    topic: 'astronomy',
    classes: { Star: ['StarName', 'Constellation', 'Magnitude', 'SpectralClass'], Planet: ['PlanetName', 'MassEarths', 'OrbitalPeriodDays'], Observatory: ['ObservatoryName', 'Country'] },
    values: { Constellation: ['Orion', 'Cygnus', 'Lyra', 'Cassiopeia', 'Scorpius'], StarName: ['Betelgeuse', 'Vega', 'Deneb', 'Rigel', 'Antares'], SpectralClass: ['O', 'B', 'A', 'G', 'M'] },
  },
  {
    topic: 'a zoo',
    classes: { Animal: ['AnimalName', 'Species', 'DateOfBirth'], Enclosure: ['EnclosureName', 'Habitat'], Keeper: ['FullName'], Feeding: ['FedAt', 'Food'] },
    values: { Species: ['Red Panda', 'Snow Leopard', 'Giraffe', 'Komodo Dragon', 'Gorilla'], Habitat: ['Savanna', 'Rainforest', 'Arctic', 'Desert'], Food: ['Bamboo', 'Fish', 'Hay', 'Insects'] },
  },
  {
    topic: 'software projects and issues',
    classes: { Project: ['ProjectName', 'ProgrammingLanguage'], Issue: ['IssueTitle', 'Priority', 'IssueStatus'], Developer: ['FullName', 'TeamName'], Commit: ['CommitHash', 'CommittedAt'] },
    values: { ProgrammingLanguage: ['Rust', 'Go', 'Python', 'Kotlin', 'TypeScript'], Priority: ['Blocker', 'Critical', 'Minor'], IssueStatus: ['Open', 'In progress', 'Closed'] },
  },
  {
    topic: 'an electricity grid',
    classes: { PowerPlant: ['PlantName', 'FuelType', 'CapacityMw', 'Country'], Substation: ['SubstationName', 'VoltageKv'], Outage: ['StartedAt', 'Cause', 'CustomersAffected'] },
    values: { FuelType: ['Wind', 'Solar', 'Hydro', 'Nuclear', 'Gas'], Cause: ['Lightning', 'Equipment failure', 'Storm damage'] },
  },
  {
    topic: 'farms and harvests',
    classes: { Farm: ['FarmName', 'Region', 'Hectares'], Crop: ['CropName', 'Season'], Harvest: ['YieldTonnes', 'HarvestYear'], Tractor: ['Make', 'Horsepower'] },
    values: { CropName: ['Wheat', 'Barley', 'Maize', 'Potatoes', 'Rapeseed', 'Oats'], Region: ['Highlands', 'River Valley', 'Coastal Plain'], Season: ['Spring', 'Autumn'] },
  },
  {
    topic: 'an art museum',
    classes: { Artwork: ['ArtworkTitle', 'Medium', 'YearCreated'], Artist: ['FullName', 'Nationality'], Exhibition: ['ExhibitionTitle', 'OpensOn'], Gallery: ['RoomName'] },
    values: { Medium: ['Oil on canvas', 'Bronze', 'Watercolour', 'Marble', 'Photograph'], ArtworkTitle: ['Harbour at Dusk', 'Study of Hands', 'Blue Interior'] },
  },
  {
    topic: 'hotel bookings',
    classes: { Hotel: ['HotelName', 'StarRating', 'City', 'Country'], Room: ['RoomNumber', 'RoomType', 'NightlyRate'], Booking: ['CheckIn', 'CheckOut'], Guest: ['FullName', 'Nationality'] },
    values: { RoomType: ['Single', 'Double', 'Suite', 'Family room'], HotelName: ['Grand Meridian', 'Harbour View Inn', 'The Linden'] },
  },
  {
    topic: 'clinical trials',
    classes: { Trial: ['TrialCode', 'Phase', 'Condition'], Site: ['SiteName', 'Country'], Participant: ['Age', 'Sex', 'Arm'], AdverseEvent: ['EventTerm', 'Grade'] },
    values: { Condition: ['Hypertension', 'Type 2 diabetes', 'Melanoma', 'Asthma'], Arm: ['Placebo', 'Treatment'], EventTerm: ['Nausea', 'Headache', 'Fatigue', 'Rash'] },
  },
];


function humanise(identifier: string): string {
  return identifier.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** `count` extra sources; about one in four is a fact collection. */
export function extraSources(count: number, seed = 7): ExtraSource[] {
  const generator = new Random(seed);
  const next = () => generator.next();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sample = <T>(items: readonly T[], n: number): T[] => [...items].sort(() => next() - 0.5).slice(0, n);
  const person = () => `${pick(FIRST)} ${pick(LAST)}`;
  const valuesOf = (domain: Domain, attribute: string): readonly string[] => {
    if (domain.values[attribute]) return domain.values[attribute] ?? [];
    if (attribute === 'City') return CITIES;
    if (attribute === 'Country' || attribute === 'Nationality') return COUNTRIES;
    if (attribute === 'FullName') return Array.from({ length: 40 }, person);
    return [];
  };

  return Array.from({ length: count }, (_, i) => {
    const domain = DOMAINS[i % DOMAINS.length] as Domain;
    const classes = sample(Object.keys(domain.classes), 2 + Math.floor(next() * (Object.keys(domain.classes).length - 1)));
    const description = `${pick(['Records of', 'Data about', 'Operational data for', 'A database of'])} ${domain.topic}: ${classes.map((c) => humanise(c)).join(', ')}.`;
    const attributes = classes.flatMap((c) => (domain.classes[c] ?? []).filter(() => next() < 0.85));
    const values = attributes.flatMap((a) => sample(valuesOf(domain, a), Math.max(1, Math.floor(next() * valuesOf(domain, a).length))));
    if (i % 4 === 3) {
      // A fact collection: sentences about things of the domain, each giving one attribute a
      // value of its own kind (a country for a country, a genre for a genre), no schema.
      const texts = Array.from({ length: 40 + Math.floor(next() * 60) }, () => {
        const owner = pick(classes);
        const own = (domain.classes[owner] ?? []).filter((a) => valuesOf(domain, a).length > 0);
        const attribute = own.length > 0 ? pick(own) : null;
        const value = attribute ? pick(valuesOf(domain, attribute)) : String(Math.floor(next() * 1000));
        const words = attribute ? humanise(attribute) : 'number';
        return pick([
          `The ${humanise(owner)} of ${person()} has ${words} ${value}.`,
          `${person()} recorded a ${humanise(owner)} whose ${words} is ${value}.`,
          `One ${humanise(owner)} in ${pick(CITIES)} lists ${value} as its ${words}.`,
        ]);
      });
      return { id: `extra-facts-${i}`, description, terms: { names: [], values: [], texts } };
    }
    const names = [...classes, ...attributes].flatMap((identifier) => {
      const words = humanise(identifier);
      return [words, `${words}s`];
    });
    return { id: `extra-${i}`, description, terms: { names, values, texts: [] } };
  });
}
