import type { DictionaryEntry } from '@kadry/shared/schemas/dictionaries';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useCitySearch, useCountrySearch } from '../api/search-places';

/** Where an employee lives as the form keeps it: a country (ISO code) and a city with its id when picked. */
export type PlaceValue = {
  country_code: string;
  country_name: string;
  /** '' for no city or a city typed before the dictionary knew it (kept by name). */
  city_id: string;
  city_name: string;
};

/** The select value of the city kept from the record when the search has not found it. */
const CURRENT_CITY = 'current';

/**
 * A country picker and a city search (spec §9: what is typed is sent after the multiselect pause).
 * Countries and cities come from `dictionaries.countries` / `dictionaries.cities`; a picked city keeps
 * its id and name, and changing the country clears the city.
 */
export function PlaceFields({
  value,
  onChange,
}: {
  value: PlaceValue;
  onChange: (next: PlaceValue) => void;
}) {
  const t = useT();
  const id = useId();
  const [countryText, setCountryText] = useState('');
  const [cityText, setCityText] = useState('');
  const countries = useCountrySearch(countryText);
  const cities = useCitySearch(value.country_code || null, cityText);
  const countryOptions = withCurrent(countries.data ?? [], value.country_code, value.country_name);
  const cityResults = cities.data ?? [];
  const isCityListed = cityResults.some((city) => String(city.id) === value.city_id);

  const pickCountry = (code: string) => {
    const picked = countryOptions.find((country) => country.code === code);
    setCityText('');
    onChange({ country_code: code, country_name: picked?.name ?? '', city_id: '', city_name: '' });
  };
  const pickCity = (selected: string) => {
    if (selected === CURRENT_CITY) return;
    const picked = cityResults.find((city) => String(city.id) === selected);
    onChange({ ...value, city_id: picked ? String(picked.id) : '', city_name: picked?.name ?? '' });
  };

  return (
    <fieldset className="employee-list-editor employee-place">
      <legend>{t('hr.employees.place.title')}</legend>
      <div className="employee-form-grid">
        <div className="field">
          <label htmlFor={`${id}-country-search`}>{t('hr.employees.place.country_search')}</label>
          <input
            id={`${id}-country-search`}
            type="search"
            value={countryText}
            autoComplete="off"
            onChange={(event) => setCountryText(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-country`}>{t('hr.employees.field.country')}</label>
          <select
            id={`${id}-country`}
            value={value.country_code}
            onChange={(event) => pickCountry(event.target.value)}
          >
            <option value="">{t('hr.employees.not_set')}</option>
            {countryOptions.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        {value.country_code ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-city-search`}>{t('hr.employees.place.city_search')}</label>
              <input
                id={`${id}-city-search`}
                type="search"
                value={cityText}
                autoComplete="off"
                aria-describedby={`${id}-city-hint`}
                onChange={(event) => setCityText(event.target.value)}
              />
              <p className="hint" id={`${id}-city-hint`}>
                {t('hr.employees.place.city_hint')}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-city`}>{t('hr.employees.field.city')}</label>
              <select
                id={`${id}-city`}
                value={isCityListed ? value.city_id : value.city_name ? CURRENT_CITY : ''}
                onChange={(event) => pickCity(event.target.value)}
              >
                <option value="">{t('hr.employees.not_set')}</option>
                {value.city_name && !isCityListed ? (
                  <option value={CURRENT_CITY}>{value.city_name}</option>
                ) : null}
                {cityResults.map((city) => (
                  <option key={city.id} value={String(city.id)}>
                    {city.name}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : (
          <p className="hint">{t('hr.employees.place.country_first')}</p>
        )}
      </div>
    </fieldset>
  );
}

/** The search results, with the current choice first when the search has not found it. */
function withCurrent(
  results: readonly DictionaryEntry[],
  code: string,
  name: string,
): { code: string; name: string }[] {
  const options = results.map((entry) => ({ code: entry.code, name: entry.name }));
  if (code && !options.some((option) => option.code === code)) options.unshift({ code, name: name || code });
  return options;
}
